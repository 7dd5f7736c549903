package agentmesh.platform.metrics;

import agentmesh.platform.LatencyHistogram;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;
import org.eclipse.microprofile.metrics.annotation.RegistryScope;

import java.util.function.DoubleConsumer;
import java.util.function.DoubleSupplier;
import java.util.function.DoubleUnaryOperator;

/**
 * The mesh's metrics in the server's MicroProfile Metrics application registry (Payara Server and Micro). A histogram
 * is counted by the mesh and exported as gauges: Payara's own timer exports its buckets in seconds but its quantiles
 * in nanoseconds under the same name.
 */
@ApplicationScoped
public class MicroProfileMeters implements MeshMeters {

    @Inject
    @RegistryScope(scope = MetricRegistry.APPLICATION_SCOPE)
    MetricRegistry registry;

    @Override
    public MeshCounter counter(String name, String... tags) {
        Counter counter = registry.counter(name, tags(tags));
        return new MeshCounter() {
            @Override
            public void inc(long n) {
                counter.inc(n);
            }

            @Override
            public long count() {
                return counter.getCount();
            }
        };
    }

    @Override
    public void gauge(String name, DoubleSupplier value, String... tags) {
        registry.gauge(name, value, DoubleSupplier::getAsDouble, tags(tags));
    }

    @Override
    public DoubleConsumer histogram(String name, double... bounds) {
        LatencyHistogram histogram = new LatencyHistogram(bounds);
        for (int i = 0; i < histogram.buckets(); i++) {
            int bucket = i;
            gauge(name + "_bucket", () -> histogram.atMost(bucket), "le", Double.toString(histogram.bound(bucket)));
        }
        gauge(name + "_bucket", histogram::count, "le", "+Inf");
        gauge(name + "_count", histogram::count);
        gauge(name + "_sum", histogram::sum);
        return histogram::add;
    }

    @Override
    public void quantiles(String histogramName, DoubleUnaryOperator quantile, double... quantiles) {
        for (double q : quantiles) {
            gauge(histogramName, () -> quantile.applyAsDouble(q), "quantile", Double.toString(q));
        }
    }

    private static Tag[] tags(String... keysAndValues) {
        Tag[] tags = new Tag[keysAndValues.length / 2];
        for (int i = 0; i < tags.length; i++) {
            tags[i] = new Tag(keysAndValues[2 * i], keysAndValues[2 * i + 1]);
        }
        return tags;
    }
}
