package agentmesh.outbox.control;

import agentmesh.datasource.MeshDataSource;
import agentmesh.jdbc.Jdbc;
import agentmesh.outbox.entity.InboxEvent;
import agentmesh.time.UtcDateTimeConverter;
import agentmesh.time.UtcTime;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import javax.sql.DataSource;

/**
 * Writes events into the outbox, inside the caller's transaction: the event commits with its cause or not at all.
 * A CDI bean that joins the caller's transaction; it refuses to write without one, and refuses an event larger than
 * Kafka will take ({@code mesh.kafka.max-message-bytes}: 413), so that whatever is accepted can be published.
 */
@ApplicationScoped
public class Outbox {

    private static final String INSERT = """
            INSERT INTO outbox_event (event_key, event_type, task_id, payload, status, attempts, next_attempt_at,
                                      created_at)
            VALUES (?, ?, ?, ?, 'PENDING', 0, UTC_TIMESTAMP(6), ?)""";

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

    /** Queues an event for its recipient; events of one recipient are published in the order they commit. */
    public void enqueue(InboxEvent event) {
        if (transactions.getTransactionStatus() != Status.STATUS_ACTIVE) {
            throw new IllegalStateException("an outbox event is written only with the change that causes it");
        }
        String payload = event.payload().toString();
        int bytes = payload.getBytes(StandardCharsets.UTF_8).length
                + event.recipient().length();
        if (bytes > config.maxMessageBytes()) {
            throw new EventTooLargeException(event.type(), bytes, config.maxMessageBytes());
        }
        // Due now by the database's clock, the one every instance's claim compares with; created_at is this
        // server's, for the figures (commit → Kafka ack).
        String now = UtcDateTimeConverter.format(UtcTime.now(clock));
        Jdbc.update(dataSource, INSERT, event.recipient(), event.type(), event.taskId(), payload, now);
        enqueued.fire(new OutboxEnqueued());
    }
}
