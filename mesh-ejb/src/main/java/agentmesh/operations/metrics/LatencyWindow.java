package agentmesh.operations.metrics;

import java.util.Arrays;

/**
 * The most recent latency samples (a fixed-size ring), from which quantiles are read. A ring of the last N samples
 * answers "how is it now" without the unit confusion of the server's timer metrics.
 */
public final class LatencyWindow {

    private final double[] samples;
    private int next;
    private int size;

    public LatencyWindow(int capacity) {
        samples = new double[capacity];
    }

    public synchronized void add(double seconds) {
        samples[next] = seconds;
        next = (next + 1) % samples.length;
        size = Math.min(size + 1, samples.length);
    }

    /** The q-quantile (0 < q ≤ 1) of the samples held, nearest rank; 0 when there are none. */
    public synchronized double quantile(double q) {
        if (size == 0) {
            return 0;
        }
        double[] sorted = Arrays.copyOf(samples, size);
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(q * size);
        return sorted[Math.max(0, Math.min(size - 1, rank - 1))];
    }
}
