package agentmesh.system.chaos;

import java.time.Instant;
import java.util.Map;

/**
 * What became of one message an agent meant to send: when it was planned and first tried, and — if the mesh
 * acknowledged it — when, with which task and seq. {@code failures} counts the attempts that did not succeed.
 */
record SendRecord(
        String messageId,
        String from,
        String to,
        String taskId,
        int seq,
        Instant planned,
        Instant firstAttempt,
        Instant acknowledgedAt,
        AttemptOutcome outcome,
        Map<AttemptOutcome, Integer> failures,
        String rejection) {

    SendRecord {
        failures = Map.copyOf(failures);
    }

    boolean acknowledged() {
        return acknowledgedAt != null;
    }
}
