package agentmesh.inbox.control;

import agentmesh.platform.InvalidRequestException;
import agentmesh.platform.Jdbc;
import agentmesh.platform.MeshDataSource;
import agentmesh.platform.MeshJson;
import agentmesh.platform.PageBytes;
import agentmesh.platform.UtcDateTimeConverter;
import agentmesh.platform.UtcTime;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.transaction.Transactional;

import java.time.LocalDateTime;
import java.util.List;
import javax.sql.DataSource;

/**
 * Reads an agent's inbox by cursor and keeps its acknowledgement. On the path of every poll and stream, so plain
 * statements without a transaction or a container call.
 */
@ApplicationScoped
public class InboxReader {

    @Resource(lookup = MeshDataSource.IN_USE)
    DataSource dataSource;

    @Inject
    InboxMetrics metrics;

    @Inject
    PageBytes pageBytes;

    /**
     * Up to {@code limit} events with a cursor above {@code after}, in cursor order, and no more than a page's bytes
     * (at least one event). Two plain statements on one connection: the stored sizes first (a poll that finds
     * nothing ends there), then the payloads of the events within the budget only.
     */
    public InboxPage after(String agentId, long after, int limit) {
        metrics.pageRead();
        return Jdbc.withConnection(dataSource, connection -> {
            List<long[]> sizes = Jdbc.query(connection, "SELECT cursor_no, payload_bytes FROM inbox_event"
                            + " WHERE agent_id = ? AND cursor_no > ? ORDER BY cursor_no LIMIT ?",
                    row -> new long[] {row.getLong(1), row.getLong(2)}, agentId, after, limit);
            if (sizes.isEmpty()) {
                return InboxPage.empty(after);
            }
            int within = PageBytes.leadingWithin(sizes.stream().mapToLong(size -> size[1]).toArray(),
                    pageBytes.max());
            long last = sizes.get(within - 1)[0];
            List<JsonObject> events = Jdbc.query(connection, "SELECT cursor_no, payload, delivered_at"
                            + " FROM inbox_event WHERE agent_id = ? AND cursor_no > ? AND cursor_no <= ?"
                            + " ORDER BY cursor_no",
                    row -> view(row.getLong(1), row.getString(2), UtcDateTimeConverter.read(row.getObject(3))),
                    agentId, after, last);
            return new InboxPage(events, last, within < sizes.size() || sizes.size() == limit);
        });
    }

    /** The cursor after which an agent without a cursor of its own resumes: its last ack. */
    public long ackedCursor(String agentId) {
        return cursors(agentId)[1];
    }

    /** Remembers that the agent has processed everything up to the cursor (never moving backwards). */
    @Transactional
    public void ack(String agentId, long cursor) {
        long last = cursors(agentId)[0];
        if (cursor > last) {
            throw new InvalidRequestException("cursor", "is beyond the newest event of the inbox (" + last + ")");
        }
        Jdbc.update(dataSource, "UPDATE inbox_cursor SET acked_cursor = GREATEST(acked_cursor, ?) WHERE agent_id = ?",
                cursor, agentId);
    }

    /** {last cursor handed out, acked cursor}; both 0 for an inbox that never received anything. */
    private long[] cursors(String agentId) {
        return Jdbc.query(dataSource, "SELECT last_cursor, acked_cursor FROM inbox_cursor WHERE agent_id = ?",
                        row -> new long[] {row.getLong(1), row.getLong(2)}, agentId)
                .stream().findFirst().orElse(new long[] {0, 0});
    }

    // The event as published, with its place in this inbox and the time it arrived.
    private static JsonObject view(long cursor, String payload, LocalDateTime deliveredAt) {
        JsonObject event = MeshJson.readObject(payload);
        JsonObjectBuilder builder = MeshJson.object().add("cursor", cursor);
        event.forEach((key, value) -> {
            if (!key.equals("eventId") && !key.equals("to")) {
                builder.add(key, value);
            }
        });
        return builder.add("deliveredAt", UtcTime.toInstant(deliveredAt).toString()).build();
    }
}
