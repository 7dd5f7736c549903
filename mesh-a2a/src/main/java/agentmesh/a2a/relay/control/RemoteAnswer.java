package agentmesh.a2a.relay.control;

import agentmesh.a2a.boundary.A2aStates;
import agentmesh.a2a.boundary.A2aVersion;
import agentmesh.json.MeshJson;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * What a remote agent said in an A2A result or stream event, in the mesh's terms: its task (ids, state), the messages
 * of its own (role agent; the status's message among them) and its artifacts — whole ones from a task, chunks from
 * an artifact update ({@code append}, {@code lastChunk}; see {@link ArtifactChunks}). Whatever the user said is left
 * out: the mesh has it already. So is a message or artifact the mesh cannot read (no id, no parts, a part of no known
 * kind): the rest of the answer is read all the same, for asking again would bring the same.
 */
record RemoteAnswer(
        String remoteTaskId, String remoteContextId, String state, List<Said> messages, List<Made> artifacts) {

    private static final Logger LOG = Logger.getLogger(RemoteAnswer.class.getName());

    record Said(String messageId, JsonArray parts) {}

    /** {@code append}: more parts for an artifact sent before; {@code lastChunk}: it is complete with these. */
    record Made(String artifactId, String name, JsonArray parts, boolean append, boolean lastChunk) {

        Made(String artifactId, String name, JsonArray parts) {
            this(artifactId, name, parts, false, true);
        }
    }

    RemoteAnswer withArtifacts(List<Made> artifacts) {
        return new RemoteAnswer(remoteTaskId, remoteContextId, state, messages, List.copyOf(artifacts));
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
            kind = switch (String.valueOf(result.getString("kind", null))) {
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
            case "artifactUpdate" -> {
                if (payload.get("artifact") instanceof JsonObject artifact) {
                    made(
                            artifact,
                            version,
                            payload.getBoolean("append", false),
                            payload.getBoolean("lastChunk", false),
                            artifacts);
                }
            }
            default -> { // task, statusUpdate
                MeshJson.objects(payload.get("history")).forEach(message -> said(message, version, messages));
                MeshJson.objects(payload.get("artifacts"))
                        .forEach(artifact -> made(artifact, version, false, true, artifacts));
                if (payload.get("status") instanceof JsonObject status) {
                    state = status.getString("state", null) == null
                            ? null
                            : A2aStates.meshState(status.getString("state", null));
                    if (status.get("message") instanceof JsonObject message) {
                        said(message, version, messages);
                    }
                }
            }
        }
        String taskId = kind.equals("task") ? payload.getString("id", null) : payload.getString("taskId", null);
        return new RemoteAnswer(taskId, payload.getString("contextId", null), state, messages, artifacts);
    }

    private static void said(JsonObject message, A2aVersion version, List<Said> messages) {
        String role = message.getString("role", null);
        String messageId = message.getString("messageId", null);
        if (("ROLE_AGENT".equals(role) || "agent".equals(role)) && messageId != null) {
            meshParts(message, version, "message " + messageId)
                    .ifPresent(parts -> messages.add(new Said(messageId, parts)));
        }
    }

    private static void made(
            JsonObject artifact, A2aVersion version, boolean append, boolean lastChunk, List<Made> artifacts) {
        String artifactId = artifact.getString("artifactId", null);
        if (artifactId == null) {
            LOG.info("A remote agent's artifact without an artifactId is left out");
            return;
        }
        meshParts(artifact, version, "artifact " + artifactId)
                .ifPresent(parts -> artifacts.add(
                        new Made(artifactId, artifact.getString("name", null), parts, append, lastChunk)));
    }

    private static Optional<JsonArray> meshParts(JsonObject holder, A2aVersion version, String what) {
        try {
            return Optional.of(version.mapping().meshParts(holder.get("parts"), "parts"));
        } catch (RuntimeException e) {
            LOG.info(() -> "The remote agent's " + what + " is left out: " + e.getMessage());
            return Optional.empty();
        }
    }
}
