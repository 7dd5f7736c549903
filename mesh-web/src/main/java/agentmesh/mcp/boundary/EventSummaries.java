package agentmesh.mcp.boundary;

import agentmesh.json.MeshJson;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;

/**
 * An inbox event as the inbox tools tell a model of it — the shape meshd's tools answer: its cursor, task and sender,
 * and by type a message's id and text, a status's state and reason, an artifact's name.
 */
final class EventSummaries {

    private EventSummaries() {}

    static JsonObject of(JsonObject event) {
        JsonObjectBuilder summary = MeshJson.object()
                .add("cursor", event.getJsonNumber("cursor").longValue())
                .add("taskId", event.getString("taskId"))
                .add("from", event.getString("from", ""));
        // The trace the event came in (docs/TRACING.md): a tool call with it in its _meta continues that trace.
        if (event.get("traceparent") instanceof JsonString traceparent) {
            summary.add("traceparent", traceparent.getString());
            if (event.get("tracestate") instanceof JsonString tracestate) {
                summary.add("tracestate", tracestate.getString());
            }
        }
        switch (event.getString("type")) {
            case "message" ->
                summary.add("type", "message")
                        .add("messageId", event.getString("messageId"))
                        .add("text", text(event.getJsonArray("parts")));
            case "task-status" -> {
                JsonObject status = event.getJsonObject("status");
                summary.add("type", "task-status").add("state", status.getString("state"));
                if (status.containsKey("reason") && !status.isNull("reason")) {
                    summary.add("reason", status.getString("reason"));
                }
            }
            default ->
                summary.add("type", "artifact")
                        .add("name", event.getJsonObject("artifact").getString("name", ""));
        }
        return summary.build();
    }

    /** The parts' text, a part of another kind as {@code [kind]}. */
    static String text(JsonArray parts) {
        return parts.getValuesAs(JsonObject.class).stream()
                .map(part -> part.containsKey("text") ? part.getString("text") : "[" + part.getString("kind") + "]")
                .reduce((a, b) -> a + " " + b)
                .orElse("");
    }
}
