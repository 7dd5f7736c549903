package agentmesh.operations.metrics;

import agentmesh.operations.metrics.MetricFamily.Type;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.DoubleConsumer;
import java.util.function.DoubleSupplier;

/**
 * The mesh's metrics, kept by the mesh and written in Prometheus's text format by {@link #scrape()} (served at
 * {@code /mesh/metrics}). The mesh writes them itself rather than through the server's registry: Payara's
 * MicroProfile Metrics exports a histogram's buckets from a decaying sample of its observations with quantiles under
 * the histogram's own name, and WildFly's Micrometer types and names some metrics otherwise; written here, they are
 * the same families with the same names on every server. Names follow Prometheus's conventions (units are base
 * units, in the name: {@code _seconds}); a name in the wrong case, or a counter's without {@code _total} or another's
 * with it, is refused at start-up. Labels are given as key, value pairs.
 */
@ApplicationScoped
public class MeshMeters {

    /** The media type of {@link #scrape()}. */
    public static final String MEDIA_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private static final String[] NO_LABELS = {};

    private final Map<String, MetricFamily> families = new ConcurrentSkipListMap<>();

    /** A counter of this instance since it started; the same name and labels give the same counter. */
    public MeshCounter counter(String name, String help, String... labels) {
        return family(name, help, Type.COUNTER).series(labels, MeshCounter.class, MeshCounter::new);
    }

    /** A gauge whose value is read at every scrape; the same name and labels replace the value read. */
    public void gauge(String name, String help, DoubleSupplier value, String... labels) {
        family(name, help, Type.GAUGE)
                .replace(labels, (out, rendered) -> out.sample(name, rendered, value.getAsDouble()));
    }

    /** A gauge family whose series come later (e.g. one per partition once assigned): described from the start. */
    public void gaugeFamily(String name, String help) {
        family(name, help, Type.GAUGE);
    }

    /**
     * A histogram since start-up with these bucket bounds ({@code name_bucket{le}}, {@code name_count},
     * {@code name_sum}), for {@code histogram_quantile} across instances; the consumer records one observation.
     */
    public DoubleConsumer histogram(String name, String help, double... bounds) {
        LatencyHistogram histogram = new LatencyHistogram(bounds);
        family(name, help, Type.HISTOGRAM).replace(NO_LABELS, (out, none) -> {
            long cumulative = 0;
            for (int i = 0; i < histogram.buckets(); i++) {
                cumulative = histogram.atMost(i);
                out.sample(name + "_bucket", "le=\"" + histogram.bound(i) + "\"", cumulative);
            }
            // read after the buckets: an observation counted meanwhile must not leave +Inf below a bucket
            long count = Math.max(cumulative, histogram.count());
            out.sample(name + "_bucket", "le=\"+Inf\"", count);
            out.sample(name + "_count", "", count);
            out.sample(name + "_sum", "", histogram.sum());
        });
        return histogram::add;
    }

    /**
     * A summary: these quantiles of the last {@code window} observations ({@code name{quantile}}), and the count and
     * sum of all since start-up. For "how is it now" on one instance; a histogram is what aggregates.
     */
    public DoubleConsumer summary(String name, String help, int window, double... quantiles) {
        LatencyWindow recent = new LatencyWindow(window);
        LongAdder count = new LongAdder();
        DoubleAdder sum = new DoubleAdder();
        family(name, help, Type.SUMMARY).replace(NO_LABELS, (out, none) -> {
            for (double q : quantiles) {
                out.sample(name, "quantile=\"" + q + "\"", recent.quantile(q));
            }
            out.sample(name + "_count", "", count.sum());
            out.sample(name + "_sum", "", sum.sum());
        });
        return seconds -> {
            recent.add(seconds);
            count.increment();
            sum.add(seconds);
        };
    }

    /** Every family in Prometheus's text exposition format (version 0.0.4), sorted by name. */
    public String scrape() {
        PrometheusText out = new PrometheusText();
        families.values().forEach(family -> family.writeTo(out));
        return out.toString();
    }

    private MetricFamily family(String name, String help, Type type) {
        MetricFamily family = families.computeIfAbsent(name, n -> new MetricFamily(n, help, type));
        family.requireSame(help, type);
        return family;
    }

    /** A counter of this instance since it started. */
    public static final class MeshCounter implements MetricFamily.Series {

        private final LongAdder count = new LongAdder();
        private final String name;

        private MeshCounter(String name) {
            this.name = name;
        }

        public void inc(long n) {
            count.add(n);
        }

        public void inc() {
            count.increment();
        }

        public long count() {
            return count.sum();
        }

        @Override
        public void writeTo(PrometheusText out, String labels) {
            out.sample(name, labels, count.sum());
        }
    }
}
