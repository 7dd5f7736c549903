package agentmesh.platform.metrics;

import java.util.function.DoubleConsumer;
import java.util.function.DoubleSupplier;
import java.util.function.DoubleUnaryOperator;

/**
 * Where the mesh's metrics are registered, whatever the server exports them with: MicroProfile Metrics on Payara
 * ({@link MicroProfileMeters}), Micrometer on WildFly, which has no MicroProfile Metrics ({@link MicrometerMeters}).
 * Each implementation is a bean only where its API is present (a bean class that references a missing type is left
 * out of the deployment), so exactly one is injected. Both export the same Prometheus names: a counter gains
 * {@code _total}, a gauge keeps its name. Tags are given as key, value pairs.
 */
public interface MeshMeters {

    MeshCounter counter(String name, String... tags);

    /** A gauge whose value is read at every scrape. */
    void gauge(String name, DoubleSupplier value, String... tags);

    /**
     * A Prometheus histogram with these bucket bounds ({@code name_bucket{le}}, {@code name_count},
     * {@code name_sum}); the consumer records one observation.
     */
    DoubleConsumer histogram(String name, double... bounds);

    /**
     * Quantiles of recent observations beside a histogram of the same name ({@code name{quantile}}), where the
     * registry allows two kinds of metric under one name; where it does not, the histogram is exported alone.
     */
    void quantiles(String histogramName, DoubleUnaryOperator quantile, double... quantiles);

    /** A counter of this instance since it started. */
    interface MeshCounter {

        void inc(long n);

        default void inc() {
            inc(1);
        }

        long count();
    }
}
