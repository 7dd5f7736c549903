package agentmesh.task.control;

import jakarta.json.JsonArray;
import java.time.Instant;

/**
 * One message of a task's history; {@code traceparent} and {@code tracestate} the trace context it was sent in
 * (docs/TRACING.md), null when none.
 */
public record MessageView(
        String messageId,
        int seq,
        String from,
        String to,
        String role,
        JsonArray parts,
        Instant createdAt,
        String traceparent,
        String tracestate) {

    /** A message sent in no trace. */
    public MessageView(
            String messageId, int seq, String from, String to, String role, JsonArray parts, Instant createdAt) {
        this(messageId, seq, from, to, role, parts, createdAt, null, null);
    }
}
