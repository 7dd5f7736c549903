package agentmesh.a2a.boundary;

import agentmesh.json.MeshJson;
import agentmesh.task.control.MessageView;
import agentmesh.task.control.TaskLifecycle;
import agentmesh.task.control.TaskView;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.function.Supplier;

/**
 * How the mesh's tasks, messages and parts look on the wire of one A2A version, and how a message on that wire becomes
 * the mesh's: {@link A2a10Mapping} (ProtoJSON of {@code a2a.proto}) and {@link A2a03Mapping} (0.3's JSON schema).
 * What the two share — the fields of a task, a status, a message, an artifact — is here; what tells them apart (how
 * states, roles and parts are spelled, whether objects carry a {@code kind}, how results are wrapped, what a push
 * notification carries) is each version's own. {@link A2aVersion#mapping()} gives a version's.
 */
public abstract sealed class A2aMapping permits A2a10Mapping, A2a03Mapping {

    // ---- from the wire into the mesh ----

    /** The parts of an incoming message in the mesh's shape; an {@link A2aError} for a part the mesh cannot keep. */
    public final JsonArray meshParts(JsonValue parts, String path) {
        if (!(parts instanceof JsonArray array) || array.isEmpty()) {
            throw A2aError.invalidParams(path, "must be a non-empty array of parts");
        }
        return meshPartsOf(array, path);
    }

    /** A non-empty array of wire parts in the mesh's shape. */
    abstract JsonArray meshPartsOf(JsonArray parts, String path);

    // ---- from the mesh onto the wire ----

    /** A mesh state ({@code input-required}) as this version spells it. */
    abstract String state(String meshState);

    /** A mesh role ({@code user}, {@code agent}) as this version spells it. */
    abstract String role(String meshRole);

    /** A part as the mesh stores it, as this version spells it. */
    abstract JsonObject wirePart(JsonObject meshPart);

    /** An object of the given kind: 0.3 names its kind inside, 1.0 by the field that holds it. */
    abstract JsonObjectBuilder kind(String kind);

    /** The result of a send, or a stream's event: 1.0 wraps it by its oneof field, 0.3 has the kind inside. */
    abstract JsonObject result(String field, JsonObject payload);

    /**
     * What a push notification carries for one of the client's inbox events of a task. 1.0: the event as a
     * StreamResponse — the other agent's message, a status update, an artifact update; 0.3: the task as it is then,
     * as 0.3's push notifications carry it.
     */
    public abstract JsonObject pushed(JsonObject inboxEvent, Supplier<TaskView> taskNow);

    JsonObject task(TaskView task) {
        return listedTask(task, false);
    }

    /**
     * A task in a listing: asked to include artifacts, its {@code artifacts} field is there even when empty, as
     * ListTasks says; not asked, the task was read without them and has none.
     */
    JsonObject listedTask(TaskView task, boolean includeArtifacts) {
        JsonObjectBuilder json = kind("task")
                .add("id", task.taskId())
                .add("contextId", task.contextId())
                .add("status", status(task));
        if (!task.artifacts().isEmpty() || includeArtifacts) {
            JsonArrayBuilder artifacts = MeshJson.array();
            task.artifacts().forEach(artifact -> artifacts.add(artifact(artifact)));
            json.add("artifacts", artifacts);
        }
        if (!task.history().isEmpty()) {
            JsonArrayBuilder history = MeshJson.array();
            task.history().forEach(message -> history.add(message(message, task.contextId(), task.taskId())));
            json.add("history", history);
        }
        return json.add(
                        "metadata",
                        MeshJson.object().add("requester", task.requester()).add("assignee", task.assignee()))
                .build();
    }

    JsonObject status(TaskView task) {
        TaskView.Status status = task.status();
        JsonObjectBuilder json = MeshJson.object()
                .add("state", state(status.state()))
                .add("timestamp", status.timestamp().toString());
        if (status.reason() != null) {
            // A2A carries a status's explanation as a message of the agent that set it.
            json.add(
                    "message",
                    kind("message")
                            .add(
                                    "messageId",
                                    task.taskId() + "-status-"
                                            + status.timestamp().toEpochMilli())
                            .add("contextId", task.contextId())
                            .add("taskId", task.taskId())
                            .add("role", role("agent"))
                            .add(
                                    "parts",
                                    MeshJson.array()
                                            .add(wirePart(MeshJson.object()
                                                    .add("kind", "text")
                                                    .add("text", status.reason())
                                                    .build()))));
        }
        return json.build();
    }

    /**
     * A message of the task; its metadata names the sender and its place, and the trace context it was sent in
     * ({@code traceparent}, {@code tracestate}, where the mesh's A2A server reads a send's), so that an answer
     * continues that trace.
     */
    JsonObject message(MessageView message, String contextId, String taskId) {
        JsonObjectBuilder metadata =
                MeshJson.object().add("from", message.from()).add("seq", message.seq());
        if (message.traceparent() != null) {
            metadata.add("traceparent", message.traceparent());
        }
        if (message.tracestate() != null) {
            metadata.add("tracestate", message.tracestate());
        }
        return kind("message")
                .add("messageId", message.messageId())
                .add("contextId", contextId)
                .add("taskId", taskId)
                .add("role", role(message.role()))
                .add("parts", wireParts(message.parts()))
                .add("metadata", metadata)
                .build();
    }

    JsonObject artifact(TaskLifecycle.ArtifactView artifact) {
        JsonObjectBuilder json = MeshJson.object().add("artifactId", artifact.artifactId());
        if (artifact.name() != null) {
            json.add("name", artifact.name());
        }
        return json.add("parts", wireParts(artifact.parts())).build();
    }

    /** A message of the user's (the mesh agent that writes to a remote agent), in this version's shape. */
    public JsonObject outgoingMessage(String messageId, String contextId, String taskId, JsonArray meshParts) {
        JsonObjectBuilder message = kind("message")
                .add("messageId", messageId)
                .add("role", role("user"))
                .add("parts", wireParts(meshParts));
        if (contextId != null) {
            message.add("contextId", contextId);
        }
        if (taskId != null) {
            message.add("taskId", taskId);
        }
        return message.build();
    }

    public JsonArray wireParts(JsonArray meshParts) {
        JsonArrayBuilder parts = MeshJson.array();
        meshParts.forEach(part -> parts.add(wirePart(part.asJsonObject())));
        return parts.build();
    }

    // ---- results and stream events ----

    JsonObject statusUpdate(TaskView task) {
        return result("statusUpdate", statusUpdateFields(task).build());
    }

    /** A status update's fields, which 0.3 adds its {@code final} flag to. */
    JsonObjectBuilder statusUpdateFields(TaskView task) {
        return kind("status-update")
                .add("taskId", task.taskId())
                .add("contextId", task.contextId())
                .add("status", status(task));
    }

    /** An artifact, or parts appended to one sent before ({@code append}); each is whole as far as the mesh knows. */
    JsonObject artifactUpdate(TaskView task, TaskLifecycle.ArtifactView artifact) {
        return result(
                "artifactUpdate",
                kind("artifact-update")
                        .add("taskId", task.taskId())
                        .add("contextId", task.contextId())
                        .add("artifact", artifact(artifact))
                        .add("append", artifact.append())
                        .add("lastChunk", true)
                        .build());
    }

    static void copy(JsonObject from, String name, JsonObjectBuilder to, String as) {
        if (from.get(name) instanceof JsonString value) {
            to.add(as, value);
        }
    }
}
