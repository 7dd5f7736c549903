package agentmesh.task.control;

import agentmesh.outbox.control.Outbox;
import agentmesh.platform.UtcTime;
import agentmesh.task.entity.Task;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObjectBuilder;

import java.time.LocalDateTime;
import java.util.UUID;

/**
 * Tells an agent what happened to its task, through the same outbox (and so in order with the messages): a
 * {@code task-status} event for a status change, an {@code artifact} event for a new artifact.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.MANDATORY)
public class TaskEvents {

    /** The sender of events that no agent caused (the idle timeout). */
    public static final String MESH = "mesh";

    @EJB
    Outbox outbox;

    public void statusChanged(Task task, String from, String to, LocalDateTime now) {
        JsonObjectBuilder status = Json.createObjectBuilder()
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
                .add("artifact", Json.createObjectBuilder().add("artifactId", artifactId).add("name", name)
                        .add("parts", parts))
                .build());
    }

    private static JsonObjectBuilder event(String type, Task task, String from, String to, LocalDateTime now) {
        return Json.createObjectBuilder()
                .add("type", type)
                .add("eventId", "ev-" + UUID.randomUUID())
                .add("taskId", task.taskId())
                .add("contextId", task.contextId())
                .add("from", from)
                .add("to", to)
                .add("createdAt", UtcTime.toInstant(now).toString());
    }
}
