package agentmesh.client;

import java.time.Instant;
import java.util.List;

/**
 * A message of a task's history; {@code seq} is its position in the task (1, 2, …), {@code trace} the trace context
 * it was sent in, or null.
 */
public record TaskMessage(
        String messageId,
        int seq,
        String from,
        String to,
        String role,
        List<Part> parts,
        Instant createdAt,
        TraceContext trace) {

    /** A message sent in no trace. */
    public TaskMessage(
            String messageId, int seq, String from, String to, String role, List<Part> parts, Instant createdAt) {
        this(messageId, seq, from, to, role, parts, createdAt, null);
    }
}
