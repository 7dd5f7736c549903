package agentmesh.task.control;

import agentmesh.outbox.control.Outbox;
import agentmesh.outbox.entity.InboxEvent;
import agentmesh.time.UtcTime;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import java.time.LocalDateTime;

/**
 * Tells an agent what happened to its task, through the same outbox (and so in order with the messages): a
 * {@code task-status} event for a status change, an {@code artifact} event for a new artifact. Inside the caller's
 * transaction, like the {@link Outbox}.
 */
@ApplicationScoped
public class TaskEvents {

    /** The sender of events that no agent caused (the idle timeout). */
    public static final String MESH = "mesh";

    @Inject
    Outbox outbox;

    public void statusChanged(TaskRow task, String from, String to, LocalDateTime now) {
        outbox.enqueue(InboxEvent.taskStatus(
                envelope(task, from, to, now),
                task.state().wireName(),
                UtcTime.toInstant(task.statusAt()),
                task.statusReason()));
    }

    public void artifactAdded(
            TaskRow task,
            String from,
            String to,
            String artifactId,
            String name,
            JsonArray parts,
            boolean append,
            LocalDateTime now) {
        outbox.enqueue(InboxEvent.artifact(envelope(task, from, to, now), artifactId, name, parts, append));
    }

    private static InboxEvent.Envelope envelope(TaskRow task, String from, String to, LocalDateTime now) {
        return new InboxEvent.Envelope(task.taskId(), task.contextId(), from, to, UtcTime.toInstant(now));
    }
}
