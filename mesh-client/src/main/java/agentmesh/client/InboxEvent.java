package agentmesh.client;

import java.time.Instant;
import java.util.List;

/**
 * An event in an agent's inbox, numbered by its {@link #cursor()} (per agent, only growing). Three kinds: a message
 * from the other agent of a task, a change of a task's status, an artifact added to a task.
 */
public sealed interface InboxEvent permits InboxEvent.MessageEvent, InboxEvent.StatusEvent, InboxEvent.ArtifactEvent {

    long cursor();

    /** Common to every event: its task, who caused it, and when it was stored and delivered. */
    Envelope envelope();

    default String taskId() {
        return envelope().taskId();
    }

    default String from() {
        return envelope().from();
    }

    /** The trace context the event was delivered in (its sender's trace), or null: send the answer with it. */
    default TraceContext trace() {
        return envelope().trace();
    }

    /** What every kind of event carries; {@code trace} null when it was sent in none. */
    record Envelope(
            String eventId,
            String taskId,
            String contextId,
            String from,
            String to,
            Instant createdAt,
            Instant deliveredAt,
            TraceContext trace) {

        /** An envelope outside any trace. */
        public Envelope(
                String eventId,
                String taskId,
                String contextId,
                String from,
                String to,
                Instant createdAt,
                Instant deliveredAt) {
            this(eventId, taskId, contextId, from, to, createdAt, deliveredAt, null);
        }
    }

    /** A message of the task, from its other agent. */
    record MessageEvent(long cursor, Envelope envelope, String messageId, int seq, String role, List<Part> parts)
            implements InboxEvent {}

    /** The task's status changed (by the other agent, a cancel, or the idle timeout). */
    record StatusEvent(long cursor, Envelope envelope, Task.Status status) implements InboxEvent {}

    /** An artifact was added to the task. */
    record ArtifactEvent(long cursor, Envelope envelope, Artifact artifact) implements InboxEvent {}
}
