package agentmesh.inbox.control;

import agentmesh.platform.InvalidRequestException;
import agentmesh.platform.UtcDateTimeConverter;
import agentmesh.platform.UtcTime;
import jakarta.ejb.Stateless;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import java.io.StringReader;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/** Reads an agent's inbox by cursor and keeps its acknowledgement. */
@Stateless
public class InboxReader {

    @PersistenceContext
    EntityManager em;

    /** Up to {@code limit} events with a cursor above {@code after}, in cursor order. */
    public InboxPage after(String agentId, long after, int limit) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT cursor_no, payload, delivered_at FROM inbox_event"
                        + " WHERE agent_id = ? AND cursor_no > ? ORDER BY cursor_no LIMIT ?")
                .setParameter(1, agentId).setParameter(2, after).setParameter(3, limit)
                .getResultList();
        List<JsonObject> events = new ArrayList<>();
        long next = after;
        for (Object[] row : rows) {
            next = ((Number) row[0]).longValue();
            events.add(view(next, row[1].toString(), UtcDateTimeConverter.read(row[2])));
        }
        return new InboxPage(events, next);
    }

    /** The cursor after which an agent without a cursor of its own resumes: its last ack. */
    public long ackedCursor(String agentId) {
        return cursors(agentId)[1];
    }

    /** Remembers that the agent has processed everything up to the cursor (never moving backwards). */
    public void ack(String agentId, long cursor) {
        long last = cursors(agentId)[0];
        if (cursor > last) {
            throw new InvalidRequestException("cursor", "is beyond the newest event of the inbox (" + last + ")");
        }
        em.createNativeQuery("UPDATE inbox_cursor SET acked_cursor = GREATEST(acked_cursor, ?) WHERE agent_id = ?")
                .setParameter(1, cursor).setParameter(2, agentId).executeUpdate();
    }

    /** {last cursor handed out, acked cursor}; both 0 for an inbox that never received anything. */
    private long[] cursors(String agentId) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery(
                        "SELECT last_cursor, acked_cursor FROM inbox_cursor WHERE agent_id = ?")
                .setParameter(1, agentId).getResultList();
        return rows.isEmpty() ? new long[] {0, 0}
                : new long[] {((Number) rows.get(0)[0]).longValue(), ((Number) rows.get(0)[1]).longValue()};
    }

    // The event as published, with its place in this inbox and the time it arrived.
    private static JsonObject view(long cursor, String payload, LocalDateTime deliveredAt) {
        JsonObject event;
        try (var reader = Json.createReader(new StringReader(payload))) {
            event = reader.readObject();
        }
        JsonObjectBuilder builder = Json.createObjectBuilder().add("cursor", cursor);
        event.forEach((key, value) -> {
            if (!key.equals("eventId") && !key.equals("to")) {
                builder.add(key, value);
            }
        });
        return builder.add("deliveredAt", UtcTime.toInstant(deliveredAt).toString()).build();
    }
}
