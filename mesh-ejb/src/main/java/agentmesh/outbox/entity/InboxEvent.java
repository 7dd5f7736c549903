package agentmesh.outbox.entity;

import agentmesh.json.MeshJson;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.time.Instant;
import java.util.UUID;

/**
 * An event for an agent's inbox, as the outbox stores it and Kafka carries it: one envelope for every type —
 * {@code type}, {@code eventId}, {@code taskId}, {@code contextId}, {@code from}, {@code to}, {@code createdAt} —
 * and the type's own fields: a {@code message}'s {@code messageId}, {@code seq}, {@code role} and {@code parts}; a
 * {@code task-status}'s {@code status} ({@code state}, {@code timestamp}, {@code reason}); an {@code artifact}'s
 * {@code artifact} ({@code artifactId}, {@code name}, {@code parts}) and {@code append} (true: the parts add to the
 * artifact of that id told before, as A2A's artifact update says it). The one rule for ids: every event has an
 * {@code eventId} of its own, {@code ev-} and a random UUID — the consumer's dedup key with the recipient. (A
 * message id cannot be it: ids belong to their senders, two senders may use the same one.)
 */
public record InboxEvent(String recipient, String type, String taskId, JsonObject payload) {

    /** Who, where and when: the fields every event has. */
    public record Envelope(String taskId, String contextId, String from, String to, Instant createdAt) {}

    public static InboxEvent message(Envelope envelope, String messageId, int seq, String role, JsonArray parts) {
        return of(
                "message",
                envelope,
                envelope(envelope, "message")
                        .add("messageId", messageId)
                        .add("seq", seq)
                        .add("role", role)
                        .add("parts", parts));
    }

    public static InboxEvent taskStatus(Envelope envelope, String state, Instant timestamp, String reason) {
        JsonObjectBuilder status = MeshJson.object().add("state", state).add("timestamp", timestamp.toString());
        if (reason != null) {
            status.add("reason", reason);
        }
        return of("task-status", envelope, envelope(envelope, "task-status").add("status", status));
    }

    public static InboxEvent artifact(
            Envelope envelope, String artifactId, String name, JsonArray parts, boolean append) {
        return of(
                "artifact",
                envelope,
                envelope(envelope, "artifact")
                        .add(
                                "artifact",
                                MeshJson.object()
                                        .add("artifactId", artifactId)
                                        .add("name", name)
                                        .add("parts", parts))
                        .add("append", append));
    }

    private static InboxEvent of(String type, Envelope envelope, JsonObjectBuilder payload) {
        return new InboxEvent(envelope.to(), type, envelope.taskId(), payload.build());
    }

    private static JsonObjectBuilder envelope(Envelope envelope, String type) {
        return MeshJson.object()
                .add("type", type)
                .add("eventId", "ev-" + UUID.randomUUID())
                .add("taskId", envelope.taskId())
                .add("contextId", envelope.contextId())
                .add("from", envelope.from())
                .add("to", envelope.to())
                .add("createdAt", envelope.createdAt().toString());
    }
}
