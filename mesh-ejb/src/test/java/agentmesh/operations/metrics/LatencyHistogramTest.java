package agentmesh.operations.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class LatencyHistogramTest {

    @Test
    void eachBucketCountsTheLatenciesAtMostItsBoundAndTheCountHasThemAll() {
        LatencyHistogram histogram = new LatencyHistogram(0.01, 0.1, 1);
        for (double seconds : new double[] {0.004, 0.01, 0.05, 0.1, 0.5, 3}) {
            histogram.add(seconds);
        }

        assertEquals(2, histogram.atMost(0), "0.004 and 0.01: a bound includes itself");
        assertEquals(4, histogram.atMost(1));
        assertEquals(5, histogram.atMost(2));
        assertEquals(6, histogram.count(), "3 s is above every bound: only in the count (+Inf)");
        assertEquals(3.664, histogram.sum(), 1e-9);
    }

    @Test
    void anEmptyHistogramCountsNothing() {
        LatencyHistogram histogram = new LatencyHistogram(LatencyHistogram.SECONDS);
        assertEquals(LatencyHistogram.SECONDS.length, histogram.buckets());
        assertEquals(0, histogram.atMost(histogram.buckets() - 1));
        assertEquals(0, histogram.count());
    }
}
