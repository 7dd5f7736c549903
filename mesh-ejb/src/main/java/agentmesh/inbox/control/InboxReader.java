package agentmesh.inbox.control;

import agentmesh.datasource.MeshDataSource;
import agentmesh.jdbc.Jdbc;
import agentmesh.json.MeshJson;
import agentmesh.paging.PageBytes;
import agentmesh.problem.InvalidRequestException;
import agentmesh.time.UtcDateTimeConverter;
import agentmesh.time.UtcTime;
import agentmesh.tracing.TraceContext;
import agentmesh.tracing.Tracing;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.transaction.Transactional;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Reads an agent's inbox by cursor and keeps its acknowledgement. On the path of every poll and stream, so plain
 * statements without a transaction or a container call.
 */
@ApplicationScoped
public class InboxReader {

    /** The destination of the inbox's own spans (receive, settle): the agents' inboxes, not the topic. */
    private static final String INBOX = "inbox";

    private static final AttributeKey<Long> CURSOR = AttributeKey.longKey("mesh.inbox.cursor");

    // The next events' sizes, summed in cursor order; payloads read for the rows within the budget only (InnoDB keeps
    // large values off the row, so the sizes cost no payload read).
    private static final String PAGE = "SELECT STRAIGHT_JOIN sized.cursor_no, e.payload, e.delivered_at, sized.counted"
            + " FROM (SELECT cursor_no, size, SUM(size) OVER (ORDER BY cursor_no) AS upto, COUNT(*) OVER () AS counted"
            + " FROM (SELECT cursor_no, payload_bytes AS size FROM inbox_event WHERE agent_id = ? AND cursor_no > ?"
            + " ORDER BY cursor_no LIMIT ?) upcoming) sized"
            + " JOIN inbox_event e ON e.agent_id = ? AND e.cursor_no = sized.cursor_no"
            + " WHERE " + PageBytes.WITHIN_BUDGET + " ORDER BY sized.cursor_no";

    @Resource(lookup = MeshDataSource.IN_USE)
    DataSource dataSource;

    @Inject
    InboxMetrics metrics;

    @Inject
    InboxSignals signals;

    @Inject
    PageBytes pageBytes;

    @Inject
    Tracing tracing;

    /** What a poll found as it came in, and its agent's {@link InboxSignals#countFor signal count} before it looked. */
    public record Look(InboxPage page, long signalsBeforeRead) {}

    /**
     * What a poll finds as it comes in: {@link #after}'s page, or an empty one without a statement when this instance
     * knows the inbox holds nothing past {@code after} ({@link InboxSignals#nothingAfter}) — a reader that keeps up
     * comes back from the cursor its last answer ended at. A read that finds nothing is kept there. A poll that waits
     * next hands the count on, to find out whether a signal went by before it listened.
     */
    public Look look(String agentId, long after, int limit) {
        long signalsBeforeRead = signals.countFor(agentId);
        if (signals.nothingAfter(agentId, after)) {
            metrics.readSpared();
            return new Look(InboxPage.empty(after), signalsBeforeRead);
        }
        InboxPage page = after(agentId, after, limit);
        if (page.events().isEmpty()) {
            signals.foundNothingAfter(agentId, after, signalsBeforeRead);
        }
        return new Look(page, signalsBeforeRead);
    }

    /**
     * Up to {@code limit} events with a cursor above {@code after}, in cursor order, and no more than a page's bytes
     * (at least one event): one statement, which sums the stored sizes of the next {@code limit} events and reads the
     * payloads of those within the budget only. {@code counted} tells whether more follow.
     */
    public InboxPage after(String agentId, long after, int limit) {
        metrics.pageRead();
        record Row(JsonObject event, long cursor, long counted) {}
        List<Row> rows = Jdbc.query(
                dataSource,
                PAGE,
                row -> new Row(
                        view(row.getLong(1), row.getString(2), UtcDateTimeConverter.read(row.getObject(3))),
                        row.getLong(1),
                        row.getLong(4)),
                agentId,
                after,
                limit,
                agentId,
                pageBytes.max());
        if (rows.isEmpty()) {
            return InboxPage.empty(after);
        }
        if (tracing.on()) {
            rows.forEach(row -> received(agentId, row.cursor(), row.event()));
        }
        long counted = rows.get(0).counted();
        return new InboxPage(
                rows.stream().map(Row::event).toList(),
                rows.get(rows.size() - 1).cursor(),
                rows.size() < counted || counted == limit);
    }

    /**
     * The page {@link #after} would read, from the events a delivery on this instance handed over with its signal
     * ({@link InboxChange#delivered()}), when they take up right after {@code after}: no statement for a reader that
     * keeps up. Empty when they do not (a reader behind them, or another instance's delivery): read then.
     */
    public Optional<InboxPage> handedAfter(String agentId, long after, int limit, InboxChange change) {
        List<StoredEvent> delivered = change.delivered();
        if (limit < 1 || delivered.isEmpty() || delivered.get(0).cursor() > after + 1 || change.lastCursor() <= after) {
            return Optional.empty();
        }
        List<StoredEvent> upcoming =
                delivered.subList((int) (after + 1 - delivered.get(0).cursor()), delivered.size());
        List<JsonObject> events = new ArrayList<>();
        long bytes = 0;
        for (StoredEvent stored : upcoming) {
            bytes += utf8Bytes(stored.payload());
            if (events.size() == limit || (!events.isEmpty() && bytes > pageBytes.max())) {
                break;
            }
            JsonObject event = view(stored.cursor(), stored.payload(), stored.deliveredAt());
            if (tracing.on()) {
                received(agentId, stored.cursor(), event);
            }
            events.add(event);
        }
        return Optional.of(
                new InboxPage(events, upcoming.get(events.size() - 1).cursor(), events.size() < upcoming.size()));
    }

    /** The cursor after which an agent without a cursor of its own resumes: its last ack. */
    public long ackedCursor(String agentId) {
        return cursors(agentId)[1];
    }

    /** Remembers that the agent has processed everything up to the cursor (never moving backwards). */
    @Transactional
    public void ack(String agentId, long cursor) {
        // The acknowledgement's settle span, child of the request's (its traceparent): docs/TRACING.md.
        Span span = tracing.messaging("settle", SpanKind.INTERNAL, INBOX, Context.current());
        RuntimeException failure = null;
        try {
            acknowledge(agentId, cursor);
            if (span != null && span.isRecording()) {
                span.setAttribute(Tracing.AGENT, agentId).setAttribute(CURSOR, cursor);
            }
        } catch (RuntimeException e) {
            failure = e;
            throw e;
        } finally {
            Tracing.end(span, failure);
        }
    }

    private void acknowledge(String agentId, long cursor) {
        long last = cursors(agentId)[0];
        if (cursor > last) {
            throw new InvalidRequestException("cursor", "is beyond the newest event of the inbox (" + last + ")");
        }
        Jdbc.update(
                dataSource,
                "UPDATE inbox_cursor SET acked_cursor = GREATEST(acked_cursor, ?) WHERE agent_id = ?",
                cursor,
                agentId);
    }

    /**
     * The last cursor handed out in each of these inboxes (absent: none yet), in one query: a reader of many inboxes
     * learns which hold anything new without reading any.
     */
    public Map<String, Long> lastCursors(Collection<String> agentIds) {
        if (agentIds.isEmpty()) {
            return Map.of();
        }
        Map<String, Long> last = new HashMap<>();
        Jdbc.query(
                dataSource,
                "SELECT agent_id, last_cursor FROM inbox_cursor WHERE agent_id IN ("
                        + Jdbc.placeholders(agentIds.size()) + ")",
                row -> last.put(row.getString(1), row.getLong(2)),
                agentIds.toArray());
        return last;
    }

    /** {last cursor handed out, acked cursor}; both 0 for an inbox that never received anything. */
    private long[] cursors(String agentId) {
        return Jdbc.query(
                        dataSource,
                        "SELECT last_cursor, acked_cursor FROM inbox_cursor WHERE agent_id = ?",
                        row -> new long[] {row.getLong(1), row.getLong(2)},
                        agentId)
                .stream()
                .findFirst()
                .orElse(new long[] {0, 0});
    }

    /**
     * The read of a traced event: a {@code receive} span (CONSUMER) on the inbox, child of its delivery's span (the
     * event's {@code traceparent}), made when a page hands it out by long poll, stream or a protocol's read.
     */
    private void received(String agentId, long cursor, JsonObject event) {
        TraceContext delivered = TraceContext.ofEvent(event);
        if (delivered == null) {
            return;
        }
        Span span = tracing.messaging("receive", SpanKind.CONSUMER, INBOX, delivered.asParent());
        span.setAttribute(Tracing.AGENT, agentId).setAttribute(CURSOR, cursor);
        if (event.get("type") instanceof JsonString type) {
            span.setAttribute(Tracing.EVENT_TYPE, type.getString());
        }
        span.end();
    }

    // The payload's size as the page's budget counts it (the column's LENGTH), without encoding it.
    private static long utf8Bytes(String text) {
        long bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            bytes += c < 0x80 ? 1 : c < 0x800 || Character.isSurrogate(c) ? 2 : 3;
        }
        return bytes;
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
        return builder.add("deliveredAt", UtcTime.toInstant(deliveredAt).toString())
                .build();
    }
}
