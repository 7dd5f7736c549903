package agentmesh.a2a.remote;

import agentmesh.a2a.boundary.A2aVersion;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.ArrayList;
import java.util.List;

/**
 * What a remote agent said in an A2A result or stream event, in the mesh's terms: its task (ids, state), the messages
 * of its own (role agent; the status's message among them) and its artifacts. Whatever the user said is left out:
 * the mesh has it already.
 */
record RemoteAnswer(String remoteTaskId, String remoteContextId, String state, List<Said> messages,
                    List<Made> artifacts) {

    record Said(String messageId, JsonArray parts) {
    }

    record Made(String artifactId, String name, JsonArray parts) {
    }

    /** Reads a SendMessage/CancelTask result or a stream event of the given version. */
    static RemoteAnswer of(JsonObject result, A2aVersion version) {
        String kind;
        JsonObject payload;
        if (version == A2aVersion.V1_0 && result.size() == 1) {
            kind = result.keySet().iterator().next();
            payload = result.getJsonObject(kind);
        } else if (version == A2aVersion.V1_0 && result.containsKey("status")) {
            kind = "task"; // GetTask and CancelTask answer the task itself
            payload = result;
        } else {
            kind = switch (String.valueOf(text(result, "kind"))) {
                case "status-update" -> "statusUpdate";
                case "artifact-update" -> "artifactUpdate";
                case "message" -> "message";
                default -> "task";
            };
            payload = result;
        }
        List<Said> messages = new ArrayList<>();
        List<Made> artifacts = new ArrayList<>();
        String state = null;
        switch (kind) {
            case "message" -> said(payload, version, messages);
            case "artifactUpdate" -> made(payload.getJsonObject("artifact"), version, artifacts);
            default -> { // task, statusUpdate
                objects(payload.get("history")).forEach(message -> said(message, version, messages));
                objects(payload.get("artifacts")).forEach(artifact -> made(artifact, version, artifacts));
                if (payload.get("status") instanceof JsonObject status) {
                    state = text(status, "state") == null ? null : A2aVersion.meshState(text(status, "state"));
                    if (status.get("message") instanceof JsonObject message) {
                        said(message, version, messages);
                    }
                }
            }
        }
        String taskId = kind.equals("task") ? text(payload, "id") : text(payload, "taskId");
        return new RemoteAnswer(taskId, text(payload, "contextId"), state, messages, artifacts);
    }

    private static void said(JsonObject message, A2aVersion version, List<Said> messages) {
        String role = text(message, "role");
        if (("ROLE_AGENT".equals(role) || "agent".equals(role)) && text(message, "messageId") != null) {
            messages.add(new Said(text(message, "messageId"), version.meshParts(message.get("parts"), "parts")));
        }
    }

    private static void made(JsonObject artifact, A2aVersion version, List<Made> artifacts) {
        if (artifact != null && text(artifact, "artifactId") != null) {
            artifacts.add(new Made(text(artifact, "artifactId"), text(artifact, "name"),
                    version.meshParts(artifact.get("parts"), "parts")));
        }
    }

    private static List<JsonObject> objects(JsonValue value) {
        return value instanceof JsonArray array ? array.stream().filter(JsonObject.class::isInstance)
                .map(JsonObject.class::cast).toList() : List.of();
    }

    private static String text(JsonObject object, String name) {
        return object.get(name) instanceof JsonString text ? text.getString() : null;
    }
}
