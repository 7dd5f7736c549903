package agentmesh.a2a.boundary;

import agentmesh.json.MeshJson;
import agentmesh.task.control.MessageView;
import agentmesh.task.control.TaskLifecycle;
import agentmesh.task.control.TaskView;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * A2A 1.0's wire: ProtoJSON of {@code a2a.proto}. Enums as {@code TASK_STATE_WORKING} and {@code ROLE_AGENT}; parts
 * with exactly one of {@code text}/{@code raw}/{@code url}/{@code data} (the mesh's file parts become {@code raw} or
 * {@code url} with {@code mediaType} and {@code filename}); no {@code kind} on objects; results and stream events
 * wrapped by their oneof field ({@code {"task": …}}, {@code {"statusUpdate": …}}); a push notification carries the
 * event itself.
 */
final class A2a10Mapping extends A2aMapping {

    @Override
    JsonArray meshPartsOf(JsonArray parts, String path) {
        JsonArrayBuilder mesh = MeshJson.array();
        for (int i = 0; i < parts.size(); i++) {
            mesh.add(meshPart(parts.get(i), path + "[" + i + "]"));
        }
        return mesh.build();
    }

    private static JsonObject meshPart(JsonValue value, String path) {
        if (!(value instanceof JsonObject part)) {
            throw A2aError.invalidParams(path, "must be an object");
        }
        List<String> contents = List.of("text", "raw", "url", "data").stream()
                .filter(part::containsKey)
                .toList();
        if (contents.size() != 1) {
            throw A2aError.invalidParams(path, "must have exactly one of text, raw, url, data");
        }
        JsonObjectBuilder mesh = MeshJson.object();
        switch (contents.get(0)) {
            case "text" -> mesh.add("kind", "text").add("text", part.get("text"));
            case "data" -> {
                if (!(part.get("data") instanceof JsonObject)) {
                    throw A2aError.invalidParams(
                            path + ".data", "must be a JSON object (the mesh keeps data parts" + " as objects)");
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

    @Override
    String state(String meshState) {
        return "TASK_STATE_" + meshState.toUpperCase(Locale.ROOT).replace('-', '_');
    }

    @Override
    String role(String meshRole) {
        return "ROLE_" + meshRole.toUpperCase(Locale.ROOT);
    }

    @Override
    JsonObject wirePart(JsonObject meshPart) {
        JsonObjectBuilder json = MeshJson.object();
        switch (meshPart.getString("kind")) {
            case "text" -> json.add("text", meshPart.get("text"));
            case "data" -> json.add("data", meshPart.get("data"));
            default -> {
                JsonObject file = meshPart.getJsonObject("file");
                json.add(
                        file.containsKey("bytes") ? "raw" : "url",
                        file.get(file.containsKey("bytes") ? "bytes" : "uri"));
                copy(file, "mimeType", json, "mediaType");
                copy(file, "name", json, "filename");
            }
        }
        if (meshPart.containsKey("metadata")) {
            json.add("metadata", meshPart.get("metadata"));
        }
        return json.build();
    }

    @Override
    JsonObjectBuilder kind(String kind) {
        return MeshJson.object();
    }

    @Override
    JsonObject result(String field, JsonObject payload) {
        return MeshJson.object().add(field, payload).build();
    }

    @Override
    public JsonObject pushed(JsonObject inboxEvent, Supplier<TaskView> taskNow) {
        String taskId = inboxEvent.getString("taskId");
        String contextId = inboxEvent.getString("contextId");
        Instant createdAt = Instant.parse(inboxEvent.getString("createdAt"));
        return switch (inboxEvent.getString("type")) {
            case "message" ->
                result(
                        "message",
                        message(
                                new MessageView(
                                        inboxEvent.getString("messageId"),
                                        inboxEvent.getInt("seq"),
                                        inboxEvent.getString("from"),
                                        null,
                                        inboxEvent.getString("role"),
                                        inboxEvent.getJsonArray("parts"),
                                        createdAt,
                                        inboxEvent.getString("traceparent", null),
                                        inboxEvent.getString("tracestate", null)),
                                contextId,
                                taskId));
            case "task-status" -> {
                JsonObject status = inboxEvent.getJsonObject("status");
                yield statusUpdate(new TaskView(
                        taskId,
                        contextId,
                        null,
                        null,
                        new TaskView.Status(
                                status.getString("state"),
                                Instant.parse(status.getString("timestamp")),
                                status.getString("reason", null)),
                        List.of(),
                        List.of(),
                        null,
                        0,
                        createdAt,
                        createdAt));
            }
            case "artifact" -> {
                JsonObject artifact = inboxEvent.getJsonObject("artifact");
                yield artifactUpdate(
                        new TaskView(
                                taskId, contextId, null, null, null, List.of(), List.of(), null, 0, createdAt,
                                createdAt),
                        new TaskLifecycle.ArtifactView(
                                artifact.getString("artifactId"),
                                artifact.getString("name", null),
                                artifact.getJsonArray("parts"),
                                createdAt,
                                inboxEvent.getBoolean("append", false)));
            }
            default ->
                throw new IllegalArgumentException(
                        "no push notification for an event of type " + inboxEvent.getString("type"));
        };
    }
}
