package agentmesh.operations.metrics;

import java.util.Arrays;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;

/**
 * Latencies counted into fixed buckets since start-up, as a Prometheus histogram reads them: cumulative counts per
 * upper bound ({@code le}), the count and the sum, all in seconds.
 */
public final class LatencyHistogram {

    /** From 5 ms (a delivery on an idle mesh) to a minute (a broker outage's backlog). */
    public static final double[] SECONDS = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60};

    private final double[] bounds;
    private final LongAdder[] perBucket;
    private final LongAdder count = new LongAdder();
    private final DoubleAdder sum = new DoubleAdder();

    public LatencyHistogram(double... bounds) {
        this.bounds = bounds.clone();
        Arrays.sort(this.bounds);
        perBucket = new LongAdder[bounds.length];
        Arrays.setAll(perBucket, i -> new LongAdder());
    }

    public void add(double seconds) {
        int bucket = Arrays.binarySearch(bounds, seconds);
        if (bucket < 0) {
            bucket = -bucket - 1; // the first bound above it
        }
        if (bucket < bounds.length) {
            perBucket[bucket].increment();
        }
        count.increment();
        sum.add(seconds);
    }

    public double bound(int bucket) {
        return bounds[bucket];
    }

    public int buckets() {
        return bounds.length;
    }

    /** How many latencies were at most {@code bound(bucket)}. */
    public long atMost(int bucket) {
        long total = 0;
        for (int i = 0; i <= bucket; i++) {
            total += perBucket[i].sum();
        }
        return total;
    }

    public long count() {
        return count.sum();
    }

    public double sum() {
        return sum.sum();
    }
}
