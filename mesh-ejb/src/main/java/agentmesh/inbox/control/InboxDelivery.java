package agentmesh.inbox.control;

import agentmesh.datasource.MeshDataSource;
import agentmesh.jdbc.Jdbc;
import agentmesh.kafka.KafkaSettings;
import agentmesh.testfaults.DeliveryFaults;
import agentmesh.time.UtcDateTimeConverter;
import agentmesh.time.UtcTime;
import agentmesh.tracing.TraceContext;
import agentmesh.tracing.Tracing;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.sql.DataSource;

/**
 * Delivers events into their recipients' inboxes, in the caller's transaction (REQUIRED): the dedup row first — if it
 * exists, the event was delivered before and nothing else happens — then the event with the recipient's next cursor.
 *
 * <p>The consumer hands over a poll's records at once ({@link #deliverAll}): one transaction, one query
 * for the dedup rows already there, one block of cursors per recipient, one multi-row insert each for the dedup rows
 * and the events, one wake-up per recipient. Any failure rolls the whole batch back, and the consumer then delivers
 * the records one by one ({@link #deliver}), so that a record that cannot be delivered is retried and parked alone.
 */
@Stateless
public class InboxDelivery {

    /** What became of a record. */
    public enum Outcome {
        DELIVERED,
        DUPLICATE
    }

    @Resource(lookup = MeshDataSource.IN_USE)
    DataSource dataSource;

    @Inject
    InboxMetrics metrics;

    @Inject
    DeliveryFaults faults;

    @Inject
    Event<InboxDelivered> delivered;

    @Inject
    Clock clock;

    @Inject
    Tracing tracing;

    @Inject
    KafkaSettings kafka;

    /** Delivers the records in order, all or none; returns how many were new (the others had been delivered). */
    public int deliverAll(List<InboxRecord> records) {
        List<IncomingEvent> events = records.stream().map(this::checked).toList();
        Map<IncomingEvent, Span> spans = processing(events);
        RuntimeException failure = null;
        try {
            // One connection handle for the batch's statements (see Jdbc.withConnection).
            return Jdbc.withConnection(dataSource, connection -> deliverAll(connection, events, spans));
        } catch (RuntimeException e) {
            failure = e;
            throw e;
        } finally {
            if (spans != null) {
                RuntimeException failed = failure;
                spans.values().forEach(span -> Tracing.end(span, failed));
            }
        }
    }

    private int deliverAll(Connection connection, List<IncomingEvent> events, Map<IncomingEvent, Span> spans)
            throws SQLException {
        List<IncomingEvent> fresh = notDeliveredYet(connection, events);
        for (int i = fresh.size(); i < events.size(); i++) {
            metrics.dedupHit();
        }
        if (spans != null && fresh.size() < events.size()) {
            Set<IncomingEvent> isFresh = Collections.newSetFromMap(new IdentityHashMap<>());
            isFresh.addAll(fresh);
            events.stream().filter(event -> !isFresh.contains(event)).forEach(event -> duplicate(spans.get(event)));
        }
        if (fresh.isEmpty()) {
            return 0;
        }
        LocalDateTime now = UtcTime.now(clock);
        String time = UtcDateTimeConverter.format(now);
        // The recipients' cursor rows are locked in one order by every batch: two batches that share recipients
        // (a partition moving between loops) wait for each other instead of deadlocking.
        Map<String, Long> counts = new TreeMap<>();
        fresh.forEach(event -> counts.merge(event.recipient(), 1L, Long::sum));
        Map<String, Long> lastCursors = allocateCursors(connection, counts);
        Map<String, Long> nextCursors = new HashMap<>();
        lastCursors.forEach((agent, last) -> nextCursors.put(agent, last - counts.get(agent) + 1));
        List<Object[]> dedupRows = new ArrayList<>();
        List<Object[]> eventRows = new ArrayList<>();
        Map<String, List<StoredEvent>> written = new HashMap<>();
        for (IncomingEvent event : fresh) {
            long cursor = nextCursors.merge(event.recipient(), 1L, Long::sum) - 1;
            String payload = stored(event, spans == null ? null : spans.get(event));
            dedupRows.add(new Object[] {event.recipient(), event.eventId(), time});
            eventRows.add(new Object[] {
                event.recipient(), cursor, event.type(), event.eventId(), event.taskId(), payload, time
            });
            written.computeIfAbsent(event.recipient(), agent -> new ArrayList<>())
                    .add(new StoredEvent(cursor, payload, now));
        }
        Jdbc.insertRows(connection, "INSERT INTO inbox_dedup (agent_id, event_id, delivered_at)", dedupRows);
        Jdbc.insertRows(
                connection,
                "INSERT INTO inbox_event (agent_id, cursor_no, event_type, event_id, task_id,"
                        + " payload, delivered_at)",
                eventRows);
        fresh.forEach(event -> recordLatency(event, now));
        lastCursors.forEach((agent, last) -> delivered.fire(new InboxDelivered(agent, last, written.get(agent))));
        return fresh.size();
    }

    /** Delivers one record in the caller's transaction (an admin's replay: the trace context of the event's own). */
    public Outcome deliver(String recipient, String payload) {
        return deliver(new InboxRecord(recipient, payload));
    }

    /** Delivers one record in the caller's transaction (the record-by-record path). */
    public Outcome deliver(InboxRecord record) {
        IncomingEvent event = checked(record);
        Span span = processing(event);
        RuntimeException failure = null;
        try {
            Outcome outcome = deliver(event, stored(event, span));
            if (outcome == Outcome.DUPLICATE) {
                duplicate(span);
            }
            return outcome;
        } catch (RuntimeException e) {
            failure = e;
            throw e;
        } finally {
            Tracing.end(span, failure);
        }
    }

    private Outcome deliver(IncomingEvent event, String payload) {
        LocalDateTime now = UtcTime.now(clock);
        String time = UtcDateTimeConverter.format(now);
        Long cursor = Jdbc.withConnection(dataSource, connection -> {
            // INSERT IGNORE: a duplicate key is the answer "already delivered", not an error that dooms the
            // transaction.
            if (Jdbc.update(
                            connection,
                            "INSERT IGNORE INTO inbox_dedup (agent_id, event_id, delivered_at)" + " VALUES (?, ?, ?)",
                            event.recipient(),
                            event.eventId(),
                            time)
                    == 0) {
                return null;
            }
            long taken =
                    allocateCursors(connection, Map.of(event.recipient(), 1L)).get(event.recipient());
            Jdbc.update(
                    connection,
                    "INSERT INTO inbox_event (agent_id, cursor_no, event_type, event_id, task_id,"
                            + " payload, delivered_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    event.recipient(),
                    taken,
                    event.type(),
                    event.eventId(),
                    event.taskId(),
                    payload,
                    time);
            return taken;
        });
        if (cursor == null) {
            metrics.dedupHit();
            return Outcome.DUPLICATE;
        }
        recordLatency(event, now);
        delivered.fire(new InboxDelivered(event.recipient(), cursor, List.of(new StoredEvent(cursor, payload, now))));
        return Outcome.DELIVERED;
    }

    /** Each traced event's {@code process} span (CONSUMER), by identity; null when none is traced. */
    private Map<IncomingEvent, Span> processing(List<IncomingEvent> events) {
        Map<IncomingEvent, Span> spans = null;
        for (IncomingEvent event : events) {
            Span span = processing(event);
            if (span != null) {
                if (spans == null) {
                    spans = new IdentityHashMap<>();
                }
                spans.put(event, span);
            }
        }
        if (spans != null && events.size() > 1) {
            spans.values().forEach(span -> span.setAttribute(Tracing.BATCH_COUNT, (long) events.size()));
        }
        return spans;
    }

    /**
     * The event's {@code process} span: child of the context its record carries (the publisher's send span), or the
     * root of a new trace when tracing is on and it carries none; null when off and it carries none.
     */
    private Span processing(IncomingEvent event) {
        Span span = tracing.messaging(
                "process",
                SpanKind.CONSUMER,
                kafka.topic(),
                event.carried() == null ? null : event.carried().asParent());
        if (span != null && span.isRecording()) {
            span.setAttribute(Tracing.MESSAGE_ID, event.eventId())
                    .setAttribute(Tracing.RECIPIENT, event.recipient())
                    .setAttribute(Tracing.EVENT_TYPE, event.type());
            if (event.taskId() != null) {
                span.setAttribute(Tracing.TASK, event.taskId());
            }
        }
        return span;
    }

    // The consumer's dedup hit: the record was delivered before (a redelivery after a crash or an outage).
    private static void duplicate(Span span) {
        if (span != null) {
            span.addEvent("mesh.inbox.duplicate");
        }
    }

    /**
     * The event as the inbox keeps it: with the process span's context as its {@code traceparent}, so that the
     * recipient's answer continues the trace from its delivery; as it came when untraced or already so.
     */
    private String stored(IncomingEvent event, Span span) {
        TraceContext delivered = tracing.handedOn(span);
        if (delivered == null || delivered.traceparent().equals(event.storedTraceparent())) {
            return event.payload();
        }
        return delivered.replaceIn(event.payload(), event.storedTraceparent());
    }

    private IncomingEvent checked(InboxRecord record) {
        IncomingEvent event = IncomingEvent.of(record);
        if (faults.poisoned(event.eventId(), event.messageId())) {
            throw new PoisonRecordException("delivery of " + event.eventId() + " poisoned by a test fault");
        }
        return event;
    }

    /** The events with no dedup row yet, in order, each once even if the batch holds it twice: one query. */
    private List<IncomingEvent> notDeliveredYet(Connection connection, List<IncomingEvent> events) throws SQLException {
        Map<String, List<String>> idsByRecipient = new LinkedHashMap<>();
        events.forEach(e -> idsByRecipient
                .computeIfAbsent(e.recipient(), r -> new ArrayList<>())
                .add(e.eventId()));
        List<String> conditions = new ArrayList<>();
        List<Object> parameters = new ArrayList<>();
        idsByRecipient.forEach((recipient, ids) -> {
            conditions.add("(agent_id = ? AND event_id IN (" + Jdbc.placeholders(ids.size()) + "))");
            parameters.add(recipient);
            parameters.addAll(ids);
        });
        Set<String> taken = new HashSet<>(Jdbc.query(
                connection,
                "SELECT agent_id, event_id FROM inbox_dedup WHERE " + String.join(" OR ", conditions),
                row -> row.getString(1) + '\u0000' + row.getString(2),
                parameters.toArray()));
        return events.stream()
                .filter(event -> taken.add(event.recipient() + '\u0000' + event.eventId()))
                .toList();
    }

    /**
     * Hands out a block of cursors to each recipient: its row's last cursor moves up by its count of events, under
     * the row's lock until this transaction ends, and its {@code updated_at} (the change feed's) to now by the
     * database's clock. Returns each recipient's new last cursor.
     */
    private Map<String, Long> allocateCursors(Connection connection, Map<String, Long> counts) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        counts.forEach((agent, count) -> rows.add(new Object[] {agent, count}));
        Jdbc.insertRows(
                connection,
                "INSERT INTO inbox_cursor (agent_id, last_cursor, updated_at)",
                "(?, ?, UTC_TIMESTAMP(6))",
                rows,
                " ON DUPLICATE KEY UPDATE last_cursor = last_cursor"
                        + " + VALUES(last_cursor), updated_at = VALUES(updated_at)");
        Map<String, Long> last = new LinkedHashMap<>();
        Jdbc.query(
                        connection,
                        "SELECT agent_id, last_cursor FROM inbox_cursor WHERE agent_id IN ("
                                + Jdbc.placeholders(counts.size()) + ")",
                        row -> Map.entry(row.getString(1), row.getLong(2)),
                        counts.keySet().toArray())
                .forEach(entry -> last.put(entry.getKey(), entry.getValue()));
        return last;
    }

    private void recordLatency(IncomingEvent event, LocalDateTime now) {
        metrics.delivered(
                event.createdAt() == null
                        ? null
                        : Duration.between(event.createdAt(), UtcTime.toInstant(now))
                                        .toNanos()
                                / 1e9);
    }
}
