package agentmesh.platform.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.DoubleConsumer;
import java.util.function.DoubleSupplier;
import java.util.function.DoubleUnaryOperator;

/**
 * The mesh's metrics in the server's Micrometer registry (WildFly's {@code micrometer} subsystem, exported by its
 * Prometheus registry on the management interface, {@code server-config/wildfly/setup.cli}).
 */
@ApplicationScoped
public class MicrometerMeters implements MeshMeters {

    private static final String TOTAL = "_total";

    private final List<DoubleSupplier> readCounters = new CopyOnWriteArrayList<>();

    @Inject
    MeterRegistry registry;

    @Override
    public MeshCounter counter(String name, String... tags) {
        Counter counter = Counter.builder(name).tags(tags).register(registry);
        return new MeshCounter() {
            @Override
            public void inc(long n) {
                counter.increment(n);
            }

            @Override
            public long count() {
                return (long) counter.count();
            }
        };
    }

    @Override
    public void gauge(String name, DoubleSupplier value, String... tags) {
        if (name.endsWith(TOTAL)) {
            // Prometheus's client keeps the suffix only on counters, and the contract names this gauge with it
            // (agent_mesh_outbox_pending_total): exported as a counter whose value is read, the name stays.
            // It holds its object weakly, with no option not to: the supplier is kept here.
            readCounters.add(value);
            FunctionCounter.builder(name.substring(0, name.length() - TOTAL.length()), value,
                    DoubleSupplier::getAsDouble).tags(tags).register(registry);
            return;
        }
        // A Micrometer gauge holds its object weakly by default: the supplier has no other reference.
        Gauge.builder(name, value, DoubleSupplier::getAsDouble).tags(tags).strongReference(true).register(registry);
    }

    @Override
    public DoubleConsumer histogram(String name, double... bounds) {
        return DistributionSummary.builder(name).serviceLevelObjectives(bounds).register(registry)::record;
    }

    /** Not exported: Prometheus's client, under Micrometer, refuses a gauge with a histogram's name. */
    @Override
    public void quantiles(String histogramName, DoubleUnaryOperator quantile, double... quantiles) {
        // the histogram's buckets give the quantiles (histogram_quantile)
    }
}
