package agentmesh.operations.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.DoubleConsumer;
import org.junit.jupiter.api.Test;

class MeshMetersTest {

    private final MeshMeters meters = new MeshMeters();

    @Test
    void aCounterIsOneFamilyWithHelpTypeAndASampleForEachLabelSet() {
        MeshMeters.MeshCounter sent = meters.counter("agent_mesh_x_total", "Things sent", "result", "sent");
        meters.counter("agent_mesh_x_total", "Things sent", "result", "failed");
        sent.inc(3);

        assertEquals("""
                # HELP agent_mesh_x_total Things sent
                # TYPE agent_mesh_x_total counter
                agent_mesh_x_total{result="failed"} 0
                agent_mesh_x_total{result="sent"} 3
                """, meters.scrape());
        assertSame(sent, meters.counter("agent_mesh_x_total", "Things sent", "result", "sent"));
    }

    @Test
    void aHistogramCountsCumulativelyIntoItsBucketsWithInfAsTheCount() {
        DoubleConsumer latency = meters.histogram("agent_mesh_wait_seconds", "Waits", 0.1, 1);
        latency.accept(0.0625);
        latency.accept(0.5);
        latency.accept(7);

        assertEquals("""
                # HELP agent_mesh_wait_seconds Waits
                # TYPE agent_mesh_wait_seconds histogram
                agent_mesh_wait_seconds_bucket{le="0.1"} 1
                agent_mesh_wait_seconds_bucket{le="1.0"} 2
                agent_mesh_wait_seconds_bucket{le="+Inf"} 3
                agent_mesh_wait_seconds_count 3
                agent_mesh_wait_seconds_sum 7.5625
                """, meters.scrape());
    }

    @Test
    void aSummaryGivesTheWindowsQuantilesAndTheCountAndSumSinceStart() {
        DoubleConsumer rounds = meters.summary("agent_mesh_round_seconds", "Rounds", 2, 0.5, 0.99);
        rounds.accept(4);
        rounds.accept(1);
        rounds.accept(2);

        assertEquals("""
                # HELP agent_mesh_round_seconds Rounds
                # TYPE agent_mesh_round_seconds summary
                agent_mesh_round_seconds{quantile="0.5"} 1.0
                agent_mesh_round_seconds{quantile="0.99"} 2.0
                agent_mesh_round_seconds_count 3
                agent_mesh_round_seconds_sum 7.0
                """, meters.scrape());
    }

    @Test
    void familiesAreWrittenByNameAndLabelValuesEscaped() {
        meters.gauge("agent_mesh_b", "B", () -> 2, "path", "a\"b\\c\nd");
        meters.gaugeFamily("agent_mesh_a", "A, no series yet");

        assertEquals("""
                # HELP agent_mesh_a A, no series yet
                # TYPE agent_mesh_a gauge
                # HELP agent_mesh_b B
                # TYPE agent_mesh_b gauge
                agent_mesh_b{path="a\\"b\\\\c\\nd"} 2.0
                """, meters.scrape());
    }

    @Test
    void namesAgainstPrometheusConventionsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> meters.gauge("agent_mesh_pending_total", "G", () -> 1));
        assertThrows(IllegalArgumentException.class, () -> meters.counter("agent_mesh_sent", "C"));
        assertThrows(IllegalArgumentException.class, () -> meters.counter("agentMeshSent_total", "C"));
        assertThrows(IllegalArgumentException.class, () -> meters.counter("agent_mesh_sent_total", " "));
    }

    @Test
    void aNameIsOneFamilyOfOneType() {
        meters.counter("agent_mesh_sent_total", "Sent");

        IllegalArgumentException refused = assertThrows(
                IllegalArgumentException.class, () -> meters.histogram("agent_mesh_sent_total", "Sent", 1));
        assertTrue(refused.getMessage().contains("registered already"), refused::getMessage);
    }
}
