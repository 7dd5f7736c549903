package agentmesh.system.chaos;

import jakarta.json.JsonObject;
import java.time.Instant;

/** One event as an agent read it from its inbox. */
record DeliveredEvent(
        String recipient,
        long cursor,
        String type,
        String eventId,
        String messageId,
        String taskId,
        int seq,
        Instant createdAt,
        Instant deliveredAt) {

    static DeliveredEvent of(String recipient, JsonObject event) {
        String messageId = event.getString("messageId", null);
        return new DeliveredEvent(
                recipient,
                event.getJsonNumber("cursor").longValue(),
                event.getString("type"),
                event.getString("eventId", messageId),
                messageId,
                event.getString("taskId", null),
                event.getInt("seq", 0),
                Instant.parse(event.getString("createdAt")),
                Instant.parse(event.getString("deliveredAt")));
    }
}
