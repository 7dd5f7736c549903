package agentmesh.operations.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class LatencyWindowTest {

    @Test
    void anEmptyWindowReportsZero() {
        assertEquals(0, new LatencyWindow(10).quantile(0.99));
    }

    @Test
    void quantilesAreNearestRankOfTheSamplesHeld() {
        LatencyWindow window = new LatencyWindow(100);
        for (int i = 1; i <= 100; i++) {
            window.add(i / 1000.0);
        }
        assertEquals(0.050, window.quantile(0.5), 1e-9);
        assertEquals(0.099, window.quantile(0.99), 1e-9);
        assertEquals(0.100, window.quantile(1.0), 1e-9);
    }

    @Test
    void onlyTheNewestSamplesCount() {
        LatencyWindow window = new LatencyWindow(3);
        window.add(9);
        window.add(9);
        window.add(1);
        window.add(2);
        window.add(3);
        assertEquals(3, window.quantile(1.0));
        assertEquals(2, window.quantile(0.5));
    }
}
