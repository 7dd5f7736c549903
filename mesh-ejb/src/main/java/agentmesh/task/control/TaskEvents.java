package agentmesh.task.control;

import agentmesh.outbox.control.Outbox;
import agentmesh.platform.MeshJson;
import agentmesh.platform.UtcTime;
import agentmesh.task.entity.Task;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObjectBuilder;

import java.time.LocalDateTime;
import java.util.UUID;

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

    public void statusChanged(Task task, String from, String to, LocalDateTime now) {
        JsonObjectBuilder status = MeshJson.object()
                .add("state", task.state().wireName())
                .add("timestamp", UtcTime.toInstant(task.statusAt()).toString());
        if (task.statusReason() != null) {
            status.add("reason", task.statusReason());
        }
        outbox.enqueue(to, "task-status", task.taskId(), event("task-status", task, from, to, now)
                .add("status", status).build());
    }

    public void artifactAdded(Task task, String from, String to, String artifactId, String name, JsonArray parts,
                              LocalDateTime now) {
        outbox.enqueue(to, "artifact", task.taskId(), event("artifact", task, from, to, now)
                .add("artifact", MeshJson.object().add("artifactId", artifactId).add("name", name)
                        .add("parts", parts))
                .build());
    }

    private static JsonObjectBuilder event(String type, Task task, String from, String to, LocalDateTime now) {
        return MeshJson.object()
                .add("type", type)
                .add("eventId", "ev-" + UUID.randomUUID())
                .add("taskId", task.taskId())
                .add("contextId", task.contextId())
                .add("from", from)
                .add("to", to)
                .add("createdAt", UtcTime.toInstant(now).toString());
    }
}
