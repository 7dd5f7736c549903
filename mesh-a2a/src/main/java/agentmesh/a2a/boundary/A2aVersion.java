package agentmesh.a2a.boundary;

import agentmesh.platform.MeshJson;
import agentmesh.task.control.MessageView;
import agentmesh.task.control.TaskLifecycle;
import agentmesh.task.control.TaskView;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * The two A2A dialects the facade speaks, and how the mesh's tasks, messages and parts look in each.
 *
 * <p>1.0 is ProtoJSON of {@code a2a.proto}: enums as {@code TASK_STATE_WORKING} and {@code ROLE_AGENT}, parts with
 * exactly one of {@code text}/{@code raw}/{@code url}/{@code data}, results wrapped by their oneof field
 * ({@code {"task": …}}, {@code {"statusUpdate": …}}). 0.3 is the JSON schema of that release: a {@code kind} on every
 * object, kebab-case states, lower-case roles, parts as the mesh stores them ({@code {"kind":"text","text":…}},
 * {@code {"kind":"file","file":{"bytes"|"uri",…}}}), results unwrapped, a {@code final} flag on status updates.
 *
 * <p>The version is the request's {@code A2A-Version} header (or query parameter), its major and minor numbers
 * (a patch number is not considered, as the specification says). Absent, the specification says 0.3 — unless the
 * method is one that only 1.0 names ({@code SendMessage}, …): a client that speaks 1.0 names without the header is
 * taken at its word. The wire names here are the one source of the protocol versions the facade speaks: the
 * agent card lists them from {@link #values()}.
 */
public enum A2aVersion {

    V1_0("1.0"), V0_3("0.3");

    // Major, minor and a patch number that is not considered.
    private static final Pattern NUMBERS = Pattern.compile("(\\d{1,4})(?:\\.(\\d{1,4})(?:\\.\\d{1,4})?)?");

    private final String wireName;

    A2aVersion(String wireName) {
        this.wireName = wireName;
    }

    /** The version of its wire name ({@code 1.0}, {@code 0.3}). */
    public static A2aVersion of(String wireName) {
        return wireName.equals(V1_0.wireName) ? V1_0 : V0_3;
    }

    /** The wire name, {@code Major.Minor}: what {@code A2A-Version} and an interface's protocolVersion say. */
    public String wireName() {
        return wireName;
    }

    /**
     * The version a request asks for ({@code 1.0}, {@code 1}, {@code 1.0.3} are 1.0); {@code null} for none, a
     * VersionNotSupported error for any other.
     */
    static A2aVersion requested(String header) {
        if (header == null || header.isBlank()) {
            return null;
        }
        String version = header.trim();
        Matcher numbers = NUMBERS.matcher(version);
        if (numbers.matches()) {
            String majorMinor = Integer.parseInt(numbers.group(1)) + "."
                    + (numbers.group(2) == null ? 0 : Integer.parseInt(numbers.group(2)));
            for (A2aVersion known : values()) {
                if (known.wireName.equals(majorMinor)) {
                    return known;
                }
            }
        }
        throw A2aError.versionNotSupported(version);
    }

    /** The version of a JSON-RPC call: the one asked for, else the one its method's name implies. */
    static A2aVersion ofJsonRpc(String header, String method) {
        A2aVersion requested = requested(header);
        return requested != null ? requested : impliedBy(method);
    }

    /** The version of an HTTP+JSON call: 1.0, the only one this binding is offered in, when none is asked for. */
    static A2aVersion ofRest(String header) {
        A2aVersion requested = requested(header);
        if (requested == V0_3) {
            throw A2aError.versionNotSupported(V0_3.wireName + " over HTTP+JSON (use JSON-RPC for "
                    + V0_3.wireName + ")");
        }
        return V1_0;
    }

    // ---- from the wire into the mesh ----

    /** The parts of an incoming message in the mesh's shape; an {@link A2aError} for a part the mesh cannot keep. */
    public JsonArray meshParts(JsonValue parts, String path) {
        if (!(parts instanceof JsonArray array) || array.isEmpty()) {
            throw A2aError.invalidParams(path, "must be a non-empty array of parts");
        }
        if (this == V0_3) {
            return array;
        }
        JsonArrayBuilder mesh = MeshJson.array();
        for (int i = 0; i < array.size(); i++) {
            mesh.add(meshPart(array.get(i), path + "[" + i + "]"));
        }
        return mesh.build();
    }

    private static JsonObject meshPart(JsonValue value, String path) {
        if (!(value instanceof JsonObject part)) {
            throw A2aError.invalidParams(path, "must be an object");
        }
        List<String> contents = List.of("text", "raw", "url", "data").stream().filter(part::containsKey).toList();
        if (contents.size() != 1) {
            throw A2aError.invalidParams(path, "must have exactly one of text, raw, url, data");
        }
        JsonObjectBuilder mesh = MeshJson.object();
        switch (contents.get(0)) {
            case "text" -> mesh.add("kind", "text").add("text", part.get("text"));
            case "data" -> {
                if (!(part.get("data") instanceof JsonObject)) {
                    throw A2aError.invalidParams(path + ".data", "must be a JSON object (the mesh keeps data parts"
                            + " as objects)");
                }
                mesh.add("kind", "data").add("data", part.get("data"));
            }
            default -> {
                JsonObjectBuilder file = MeshJson.object()
                        .add(contents.get(0).equals("raw") ? "bytes" : "uri", part.get(contents.get(0)));
                copy(part, "mediaType", file, "mimeType");
                copy(part, "filename", file, "name");
                mesh.add("kind", "file").add("file", file);
            }
        }
        if (part.containsKey("metadata")) {
            mesh.add("metadata", part.get("metadata"));
        }
        return mesh.build();
    }

    // ---- from the mesh onto the wire ----

    String state(String meshState) {
        return this == V1_0 ? "TASK_STATE_" + meshState.toUpperCase(Locale.ROOT).replace('-', '_') : meshState;
    }

    /** The mesh state a wire state names ({@code TASK_STATE_WORKING} or {@code working}); null when none. */
    public static String meshState(String wireState) {
        String state = wireState.startsWith("TASK_STATE_") ? wireState.substring("TASK_STATE_".length()) : wireState;
        String mesh = state.toLowerCase(Locale.ROOT).replace('_', '-');
        return List.of("submitted", "working", "input-required", "auth-required", "completed", "failed",
                "canceled", "rejected").contains(mesh) ? mesh : null;
    }

    JsonObject task(TaskView task) {
        return listedTask(task, false);
    }

    /**
     * A task in a listing: asked to include artifacts, its {@code artifacts} field is there even when empty, as
     * ListTasks says; not asked, the task was read without them and has none.
     */
    JsonObject listedTask(TaskView task, boolean includeArtifacts) {
        JsonObjectBuilder json = kind("task").add("id", task.taskId()).add("contextId", task.contextId())
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
        return json.add("metadata", MeshJson.object().add("requester", task.requester())
                .add("assignee", task.assignee())).build();
    }

    JsonObject status(TaskView task) {
        TaskView.Status status = task.status();
        JsonObjectBuilder json = MeshJson.object().add("state", state(status.state()))
                .add("timestamp", status.timestamp().toString());
        if (status.reason() != null) {
            // A2A carries a status's explanation as a message of the agent that set it.
            json.add("message", kind("message").add("messageId", task.taskId() + "-status-"
                            + status.timestamp().toEpochMilli()).add("contextId", task.contextId())
                    .add("taskId", task.taskId()).add("role", role("agent"))
                    .add("parts", MeshJson.array().add(wirePart(MeshJson.object().add("kind", "text")
                            .add("text", status.reason()).build()))));
        }
        return json.build();
    }

    JsonObject message(MessageView message, String contextId, String taskId) {
        return kind("message").add("messageId", message.messageId()).add("contextId", contextId)
                .add("taskId", taskId).add("role", role(message.role())).add("parts", wireParts(message.parts()))
                .add("metadata", MeshJson.object().add("from", message.from()).add("seq", message.seq())).build();
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
        JsonObjectBuilder message = kind("message").add("messageId", messageId).add("role", role("user"))
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

    private String role(String meshRole) {
        return this == V1_0 ? "ROLE_" + meshRole.toUpperCase(Locale.ROOT) : meshRole;
    }

    private JsonObject wirePart(JsonObject part) {
        if (this == V0_3) {
            return part;
        }
        JsonObjectBuilder json = MeshJson.object();
        switch (part.getString("kind")) {
            case "text" -> json.add("text", part.get("text"));
            case "data" -> json.add("data", part.get("data"));
            default -> {
                JsonObject file = part.getJsonObject("file");
                json.add(file.containsKey("bytes") ? "raw" : "url",
                        file.get(file.containsKey("bytes") ? "bytes" : "uri"));
                copy(file, "mimeType", json, "mediaType");
                copy(file, "name", json, "filename");
            }
        }
        if (part.containsKey("metadata")) {
            json.add("metadata", part.get("metadata"));
        }
        return json.build();
    }

    // ---- results and stream events ----

    /** The result of a send, or a stream's event: 1.0 wraps it by its oneof field, 0.3 has the kind inside. */
    JsonObject result(String field, JsonObject payload) {
        return this == V1_0 ? MeshJson.object().add(field, payload).build() : payload;
    }

    JsonObject statusUpdate(TaskView task) {
        JsonObjectBuilder update = kind("status-update").add("taskId", task.taskId())
                .add("contextId", task.contextId()).add("status", status(task));
        if (this == V0_3) {
            update.add("final", isStreamEnd(task.status().state()));
        }
        return result("statusUpdate", update.build());
    }

    /** An artifact, or parts appended to one sent before ({@code append}); each is whole as far as the mesh knows. */
    JsonObject artifactUpdate(TaskView task, TaskLifecycle.ArtifactView artifact) {
        return result("artifactUpdate", kind("artifact-update").add("taskId", task.taskId())
                .add("contextId", task.contextId()).add("artifact", artifact(artifact))
                .add("append", artifact.append()).add("lastChunk", true).build());
    }

    /**
     * What a push notification carries for one of the client's inbox events of a task. 1.0: the event as a
     * StreamResponse — the other agent's message, a status update, an artifact update; 0.3: the task as it is then,
     * as 0.3's push notifications carry it.
     */
    public JsonObject pushed(JsonObject inboxEvent, Supplier<TaskView> taskNow) {
        if (this == V0_3) {
            return task(taskNow.get());
        }
        String taskId = inboxEvent.getString("taskId");
        String contextId = inboxEvent.getString("contextId");
        Instant createdAt = Instant.parse(inboxEvent.getString("createdAt"));
        return switch (inboxEvent.getString("type")) {
            case "message" -> result("message", message(new MessageView(inboxEvent.getString("messageId"),
                    inboxEvent.getInt("seq"), inboxEvent.getString("from"), null, inboxEvent.getString("role"),
                    inboxEvent.getJsonArray("parts"), createdAt), contextId, taskId));
            case "task-status" -> {
                JsonObject status = inboxEvent.getJsonObject("status");
                yield statusUpdate(new TaskView(taskId, contextId, null, null, new TaskView.Status(
                        status.getString("state"), Instant.parse(status.getString("timestamp")),
                        status.getString("reason", null)), List.of(), List.of(), null, 0, createdAt, createdAt));
            }
            case "artifact" -> {
                JsonObject artifact = inboxEvent.getJsonObject("artifact");
                yield artifactUpdate(new TaskView(taskId, contextId, null, null, null, List.of(), List.of(), null,
                        0, createdAt, createdAt), new TaskLifecycle.ArtifactView(artifact.getString("artifactId"),
                        artifact.getString("name", null), artifact.getJsonArray("parts"), createdAt,
                        inboxEvent.getBoolean("append", false)));
            }
            default -> throw new IllegalArgumentException("no push notification for an event of type "
                    + inboxEvent.getString("type"));
        };
    }

    /** A stream ends on a terminal state, and a blocking send returns on it or on an interrupted one. */
    static boolean isStreamEnd(String meshState) {
        return List.of("completed", "failed", "canceled", "rejected").contains(meshState);
    }

    static boolean isInterrupted(String meshState) {
        return meshState.equals("input-required") || meshState.equals("auth-required");
    }

    private JsonObjectBuilder kind(String kind) {
        JsonObjectBuilder json = MeshJson.object();
        return this == V0_3 ? json.add("kind", kind) : json;
    }

    private static void copy(JsonObject from, String name, JsonObjectBuilder to, String as) {
        if (from.get(name) instanceof JsonString value) {
            to.add(as, value);
        }
    }

    /** The method names of both versions, for the operations the facade offers. */
    static final Map<String, Operation> METHODS = methods();

    enum Operation { SEND, STREAM, GET, LIST, CANCEL, SUBSCRIBE, PUSH_CREATE, PUSH_GET, PUSH_LIST, PUSH_DELETE,
        EXTENDED_CARD }

    private static Map<String, Operation> methods() {
        Map<String, Operation> methods = new LinkedHashMap<>();
        methods.put("SendMessage", Operation.SEND);
        methods.put("SendStreamingMessage", Operation.STREAM);
        methods.put("GetTask", Operation.GET);
        methods.put("ListTasks", Operation.LIST);
        methods.put("CancelTask", Operation.CANCEL);
        methods.put("SubscribeToTask", Operation.SUBSCRIBE);
        methods.put("CreateTaskPushNotificationConfig", Operation.PUSH_CREATE);
        methods.put("GetTaskPushNotificationConfig", Operation.PUSH_GET);
        methods.put("ListTaskPushNotificationConfigs", Operation.PUSH_LIST);
        // An earlier 1.0 draft's name, still written by clients of that draft (the Java SDK's 1.0 Alphas); read
        // as the specification allows a server to read legacy forms (Appendix A.2), like the draft's config.
        methods.put("ListTaskPushNotificationConfig", Operation.PUSH_LIST);
        methods.put("DeleteTaskPushNotificationConfig", Operation.PUSH_DELETE);
        methods.put("GetExtendedAgentCard", Operation.EXTENDED_CARD);
        methods.put("message/send", Operation.SEND);
        methods.put("message/stream", Operation.STREAM);
        methods.put("tasks/get", Operation.GET);
        methods.put("tasks/cancel", Operation.CANCEL);
        methods.put("tasks/resubscribe", Operation.SUBSCRIBE);
        methods.put("tasks/pushNotificationConfig/set", Operation.PUSH_CREATE);
        methods.put("tasks/pushNotificationConfig/get", Operation.PUSH_GET);
        methods.put("tasks/pushNotificationConfig/list", Operation.PUSH_LIST);
        methods.put("tasks/pushNotificationConfig/delete", Operation.PUSH_DELETE);
        methods.put("agent/getAuthenticatedExtendedCard", Operation.EXTENDED_CARD);
        return Map.copyOf(methods);
    }

    /** The version a JSON-RPC method implies when no header says it: 1.0 names are PascalCase, 0.3 names have a /. */
    static A2aVersion impliedBy(String method) {
        return method.contains("/") ? V0_3 : V1_0;
    }
}
