package agentmesh.outbox.control;

import agentmesh.datasource.MeshDataSource;
import agentmesh.jdbc.Jdbc;
import agentmesh.outbox.entity.InboxEvent;
import agentmesh.time.UtcDateTimeConverter;
import agentmesh.time.UtcTime;
import agentmesh.tracing.TraceContext;
import agentmesh.tracing.Tracing;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import javax.sql.DataSource;

/**
 * Writes events into the outbox, inside the caller's transaction: the event commits with its cause or not at all.
 * A CDI bean that joins the caller's transaction; it refuses to write without one, and refuses an event larger than
 * Kafka will take ({@code mesh.kafka.max-message-bytes}: 413), so that whatever is accepted can be published.
 */
@ApplicationScoped
public class Outbox {

    private static final String INSERT_INTO = """
            INSERT INTO outbox_event (event_key, event_type, task_id, payload, status, attempts, next_attempt_at,
                                      created_at, traceparent, tracestate)""";
    private static final String ROW = "(?, ?, ?, ?, 'PENDING', 0, UTC_TIMESTAMP(6), ?, ?, ?)";

    @Resource(lookup = MeshDataSource.IN_USE)
    DataSource dataSource;

    @Inject
    Clock clock;

    @Inject
    Event<OutboxEnqueued> enqueued;

    @Inject
    OutboxConfig config;

    @Resource
    TransactionSynchronizationRegistry transactions;

    @Inject
    Tracing tracing;

    /** Queues an event for its recipient; events of one recipient are published in the order they commit. */
    public void enqueue(InboxEvent event) {
        requireTransaction();
        enqueue(List.of(entry(event)));
    }

    /** Queues the events with one statement, in their order. */
    public void enqueue(List<Entry> entries) {
        requireTransaction();
        Jdbc.withConnection(
                dataSource,
                connection -> Jdbc.insertRows(
                        connection,
                        INSERT_INTO,
                        ROW,
                        entries.stream().map(Entry::row).toList(),
                        ""));
        enqueued.fire(new OutboxEnqueued());
    }

    /**
     * The event as the outbox stores it, with its {@code create} span in the current context: made in the context
     * of the work that causes it. Refuses an event larger than Kafka takes.
     */
    public Entry entry(InboxEvent event) {
        TraceContext trace = created(event);
        String payload = (trace == null ? event.payload() : trace.addTo(event.payload())).toString();
        int bytes = payload.getBytes(StandardCharsets.UTF_8).length
                + event.recipient().length();
        if (bytes > config.maxMessageBytes()) {
            throw new EventTooLargeException(event.type(), bytes, config.maxMessageBytes());
        }
        // Due now by the database's clock, the one every instance's claim compares with; created_at is this
        // server's, for the figures (commit → Kafka ack).
        String now = UtcDateTimeConverter.format(UtcTime.now(clock));
        return new Entry(
                event.recipient(),
                event.type(),
                event.taskId(),
                payload,
                now,
                trace == null ? null : trace.traceparent(),
                trace == null ? null : trace.tracestate());
    }

    private void requireTransaction() {
        if (transactions.getTransactionStatus() != Status.STATUS_ACTIVE) {
            throw new IllegalStateException("an outbox event is written only with the change that causes it");
        }
    }

    /** An event's row, ready to be written ({@link #entry}). */
    public record Entry(
            String recipient,
            String type,
            String taskId,
            String payload,
            String createdAt,
            String traceparent,
            String tracestate) {

        Object[] row() {
            return new Object[] {recipient, type, taskId, payload, createdAt, traceparent, tracestate};
        }
    }

    /**
     * The event's {@code create} span (PRODUCER), child of the work that causes it (a send's request span), or the
     * root of a new trace; its context is stored with the event and handed to the recipient. Null when tracing is
     * off and no context came with the work.
     */
    private TraceContext created(InboxEvent event) {
        Span span = tracing.messaging("create", SpanKind.PRODUCER, config.topic(), Context.current());
        if (span == null) {
            return null;
        }
        if (span.isRecording()) {
            span.setAttribute(Tracing.MESSAGE_ID, event.payload().getString("eventId", null))
                    .setAttribute(Tracing.EVENT_TYPE, event.type())
                    .setAttribute(Tracing.RECIPIENT, event.recipient());
            if (event.taskId() != null) {
                span.setAttribute(Tracing.TASK, event.taskId());
            }
        }
        span.end();
        return tracing.handedOn(span);
    }
}
