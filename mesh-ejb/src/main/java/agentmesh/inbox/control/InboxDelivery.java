package agentmesh.inbox.control;

import agentmesh.platform.MeshJson;
import agentmesh.platform.UtcDateTimeConverter;
import agentmesh.platform.UtcTime;
import jakarta.ejb.Stateless;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;

/**
 * Delivers one event into its recipient's inbox, in the caller's transaction (the consumer calls it once per
 * record, REQUIRED): the dedup row first — if it exists, the event was delivered before and nothing else happens —
 * then the event with the recipient's next cursor.
 */
@Stateless
public class InboxDelivery {

    /** What became of a record. */
    public enum Outcome { DELIVERED, DUPLICATE }

    @PersistenceContext
    EntityManager em;

    @Inject
    InboxMetrics metrics;

    @Inject
    DeliveryFaults faults;

    @Inject
    Event<InboxDelivered> delivered;

    @Inject
    Clock clock;

    public Outcome deliver(String recipient, String payload) {
        JsonObject event = parse(payload);
        // Events published before eventId existed carry only their messageId, which is the same thing.
        String eventId = event.containsKey("eventId") ? required(event, "eventId") : required(event, "messageId");
        String type = required(event, "type");
        if (recipient == null || !recipient.equals(event.getString("to", recipient))) {
            throw new PoisonRecordException("record key " + recipient + " is not the event's recipient");
        }
        if (faults.poisoned(eventId)) {
            throw new PoisonRecordException("delivery of " + eventId + " poisoned by a test fault");
        }
        LocalDateTime now = UtcTime.now(clock);
        String nowText = UtcDateTimeConverter.format(now);
        // INSERT IGNORE: a duplicate key is the answer "already delivered", not an error that dooms the transaction.
        int fresh = em.createNativeQuery("INSERT IGNORE INTO inbox_dedup (agent_id, event_id, delivered_at)"
                        + " VALUES (?, ?, ?)")
                .setParameter(1, recipient).setParameter(2, eventId).setParameter(3, nowText)
                .executeUpdate();
        if (fresh == 0) {
            metrics.dedupHit();
            return Outcome.DUPLICATE;
        }
        long cursor = nextCursor(recipient);
        em.createNativeQuery("INSERT INTO inbox_event (agent_id, cursor_no, event_type, event_id, task_id, payload,"
                        + " delivered_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
                .setParameter(1, recipient).setParameter(2, cursor).setParameter(3, type).setParameter(4, eventId)
                .setParameter(5, event.getString("taskId", null)).setParameter(6, payload).setParameter(7, nowText)
                .executeUpdate();
        recordLatency(event, now);
        delivered.fire(new InboxDelivered(recipient, cursor));
        return Outcome.DELIVERED;
    }

    // The row lock taken by the upsert serialises cursor allocation per agent until this transaction ends.
    private long nextCursor(String agentId) {
        em.createNativeQuery("INSERT INTO inbox_cursor (agent_id, last_cursor, updated_at)"
                        + " VALUES (?, 1, UTC_TIMESTAMP(6))"
                        + " ON DUPLICATE KEY UPDATE last_cursor = last_cursor + 1, updated_at = UTC_TIMESTAMP(6)")
                .setParameter(1, agentId).executeUpdate();
        return ((Number) em.createNativeQuery("SELECT last_cursor FROM inbox_cursor WHERE agent_id = ?")
                .setParameter(1, agentId).getSingleResult()).longValue();
    }

    private void recordLatency(JsonObject event, LocalDateTime now) {
        String createdAt = event.getString("createdAt", null);
        if (createdAt != null) {
            Duration latency = Duration.between(Instant.parse(createdAt), UtcTime.toInstant(now));
            metrics.delivered(latency.toNanos() / 1e9);
        }
    }

    private static JsonObject parse(String payload) {
        try {
            return MeshJson.readObject(payload);
        } catch (JsonException | IllegalStateException | ClassCastException e) {
            throw new PoisonRecordException("record value is not a JSON object: " + e.getMessage());
        }
    }

    private static String required(JsonObject event, String field) {
        if (!(event.get(field) instanceof JsonString value) || value.getString().isEmpty()) {
            throw new PoisonRecordException("event has no " + field);
        }
        return value.getString();
    }
}
