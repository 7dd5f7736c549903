package agentmesh.client;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;

/** The API's JSON shapes, read into the client's records and written from them. */
final class Wire {

    private Wire() {}

    static JsonObject parse(String body) {
        try (var reader = Json.createReader(new StringReader(body))) {
            return reader.readObject();
        }
    }

    static JsonArray parts(List<Part> parts) {
        JsonArrayBuilder array = Json.createArrayBuilder();
        parts.forEach(part -> array.add(part.json()));
        return array.build();
    }

    static SendReceipt receipt(JsonObject json, boolean repeated) {
        return new SendReceipt(
                json.getString("messageId"),
                json.getString("taskId"),
                json.getString("contextId"),
                json.getInt("seq"),
                instant(json, "createdAt"),
                repeated);
    }

    static Task task(JsonObject json) {
        return new Task(
                json.getString("taskId"),
                json.getString("contextId"),
                json.getString("requester"),
                json.getString("assignee"),
                status(json.getJsonObject("status")),
                list(json, "history", Wire::message),
                list(json, "artifacts", Wire::artifact),
                optionalLong(json, "artifactsNextCursor"),
                instant(json, "createdAt"),
                instant(json, "updatedAt"));
    }

    static Task.Status status(JsonObject json) {
        return new Task.Status(
                TaskState.of(json.getString("state")), instant(json, "timestamp"), json.getString("reason", null));
    }

    static TaskMessage message(JsonObject json) {
        return new TaskMessage(
                json.getString("messageId"),
                json.getInt("seq"),
                json.getString("from"),
                json.getString("to", null),
                json.getString("role", null),
                parts(json),
                instant(json, "createdAt"),
                TraceContext.ofNullable(optionalString(json, "traceparent"), optionalString(json, "tracestate")));
    }

    static Artifact artifact(JsonObject json) {
        return new Artifact(
                json.getString("artifactId"), json.getString("name", null), parts(json), instant(json, "createdAt"));
    }

    static InboxEvent event(JsonObject json) {
        long cursor = json.getJsonNumber("cursor").longValue();
        var envelope = new InboxEvent.Envelope(
                json.getString("eventId", null),
                json.getString("taskId"),
                json.getString("contextId", null),
                json.getString("from", null),
                json.getString("to", null),
                instant(json, "createdAt"),
                instant(json, "deliveredAt"),
                TraceContext.ofNullable(optionalString(json, "traceparent"), optionalString(json, "tracestate")));
        return switch (json.getString("type")) {
            case "message" ->
                new InboxEvent.MessageEvent(
                        cursor,
                        envelope,
                        json.getString("messageId"),
                        json.getInt("seq"),
                        json.getString("role", null),
                        parts(json));
            case "task-status" -> new InboxEvent.StatusEvent(cursor, envelope, status(json.getJsonObject("status")));
            case "artifact" -> new InboxEvent.ArtifactEvent(cursor, envelope, artifact(json.getJsonObject("artifact")));
            default -> throw new IllegalArgumentException("an inbox event of unknown type: " + json.getString("type"));
        };
    }

    static <T> List<T> list(JsonObject json, String name, Function<JsonObject, T> read) {
        JsonArray array = json.getJsonArray(name);
        return array == null
                ? List.of()
                : array.getValuesAs(JsonObject.class).stream().map(read).toList();
    }

    static Long optionalLong(JsonObject json, String name) {
        JsonValue value = json.get(name);
        return value == null || value == JsonValue.NULL
                ? null
                : json.getJsonNumber(name).longValue();
    }

    static String optionalString(JsonObject json, String name) {
        JsonValue value = json.get(name);
        return value == null || value == JsonValue.NULL ? null : json.getString(name);
    }

    /** A list of strings; absent or null: empty. */
    static List<String> strings(JsonObject json, String name) {
        JsonValue value = json.get(name);
        return value instanceof JsonArray array
                ? array.getValuesAs(JsonString.class).stream()
                        .map(JsonString::getString)
                        .toList()
                : List.of();
    }

    static void addIfSet(JsonObjectBuilder json, String name, String value) {
        if (value != null) {
            json.add(name, value);
        }
    }

    static Instant instant(JsonObject json, String name) {
        String text = optionalString(json, name);
        return text == null ? null : Instant.parse(text);
    }

    private static List<Part> parts(JsonObject json) {
        JsonArray parts = json.getJsonArray("parts");
        return parts == null
                ? List.of()
                : parts.getValuesAs(JsonObject.class).stream().map(Part::new).toList();
    }
}
