package agentmesh.outbox.control;

import agentmesh.datasource.MeshDataSource;
import agentmesh.jdbc.Jdbc;
import agentmesh.operations.RecentFaults;
import agentmesh.retry.Attempts;
import agentmesh.retry.RetryPolicy;
import agentmesh.tracing.TraceContext;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * One round of dispatching, in its own transaction: claim the recipients whose queue can move, publish each one's
 * run of pending events, record what happened.
 *
 * <p>A recipient's queue can move when its head — its earliest pending event — is due by the database's clock. The
 * heads come from one grouped read of the {@code (status, event_key, id)} index (a loose index scan: one entry per
 * recipient with pending events, however long the queues behind them); the round locks the heads it takes
 * ({@code FOR UPDATE SKIP LOCKED}). Holding a head is holding its recipient: another server sees that head still
 * pending (so nothing behind it is a head) and cannot lock it (so it skips the recipient). The run behind each head
 * is then read in id order, published, and its acknowledged prefix marked sent with one statement. The first event
 * refused is counted and backed off; nothing after it is published or touched, so it keeps its place. A broker out
 * of reach changes no row at all: the round says so and the dispatcher waits before the next.
 */
@Stateless
public class OutboxBatch {

    private static final Logger LOG = Logger.getLogger(OutboxBatch.class.getName());
    private static final int MAX_RECIPIENTS_PER_ROUND = 100;
    private static final int MAX_ERROR_LENGTH = 1000;

    private static final String DUE_HEADS = """
            SELECT h.id FROM outbox_event h
            JOIN (SELECT status, event_key, MIN(id) AS id FROM outbox_event WHERE status = 'PENDING'
                  GROUP BY status, event_key) head ON head.id = h.id
            WHERE h.next_attempt_at <= UTC_TIMESTAMP(6)
            ORDER BY h.id
            LIMIT ?""";
    private static final String RUN = """
            (SELECT id, event_key, payload, attempts, next_attempt_at <= UTC_TIMESTAMP(6), traceparent, tracestate
             FROM outbox_event
             WHERE status = 'PENDING' AND event_key = ? AND id >= ? ORDER BY id LIMIT ?)""";
    private static final String REFUSED = """
            UPDATE outbox_event SET attempts = ?, last_error = ?, status = ?,
                                    next_attempt_at = UTC_TIMESTAMP(6) + INTERVAL ? MICROSECOND
            WHERE id = ?""";

    @Resource(lookup = MeshDataSource.IN_USE)
    DataSource dataSource;

    @Inject
    RecentFaults faults;

    @Inject
    KafkaPublisher publisher;

    @Inject
    OutboxConfig config;

    @Inject
    OutboxMetrics metrics;

    /**
     * What a round did: events acknowledged by Kafka; whether it stopped at its bounds (as many recipients as a round
     * takes, or a run as long as a round takes), so that more may be due behind what it published; and whether the
     * broker was out of reach.
     */
    public record Round(int published, boolean mayHaveMore, boolean brokerUnavailable) {
        static final Round NOTHING = new Round(0, false, false);
    }

    /** A locked head: its recipient and where its run starts. */
    private record Head(long id, String key) {}

    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public Round dispatch() {
        int maxRecipients = Math.min(MAX_RECIPIENTS_PER_ROUND, config.batchSize());
        List<Long> due = Jdbc.query(dataSource, DUE_HEADS, row -> row.getLong(1), maxRecipients);
        if (due.isEmpty()) {
            return Round.NOTHING;
        }
        // By primary key only: through the status index InnoDB would lock every pending row it passes, runs of
        // other recipients' included, and two servers' rounds would deadlock on each other's runs.
        List<Head> heads = Jdbc.query(
                dataSource,
                "SELECT id, event_key FROM outbox_event FORCE INDEX (PRIMARY)"
                        + " WHERE id IN (" + Jdbc.placeholders(due.size()) + ") AND status = 'PENDING'"
                        + " FOR UPDATE SKIP LOCKED",
                row -> new Head(row.getLong(1), row.getString(2)),
                due.toArray());
        if (heads.isEmpty()) {
            return Round.NOTHING;
        }
        int runLength = Math.max(1, config.batchSize() / heads.size());
        List<List<OutboxRecord>> runs = runs(heads, runLength);
        long publishing = System.nanoTime();
        Map<Long, Publication> results = publisher.publish(runs);
        metrics.published(Duration.ofNanos(System.nanoTime() - publishing));
        List<Long> sent = new ArrayList<>();
        boolean brokerUnavailable = false;
        for (List<OutboxRecord> run : runs) {
            for (OutboxRecord event : run) {
                Publication result = results.get(event.id());
                if (result instanceof Publication.Sent) {
                    sent.add(event.id());
                    continue;
                }
                if (result instanceof Publication.Refused refused) {
                    refuse(event, refused);
                } else if (result instanceof Publication.BrokerUnavailable) {
                    brokerUnavailable = true;
                }
                break; // the first event not acknowledged keeps its place, and so do the ones behind it
            }
        }
        if (!sent.isEmpty()) {
            Jdbc.update(
                    dataSource,
                    "UPDATE outbox_event FORCE INDEX (PRIMARY) SET status = 'SENT',"
                            + " sent_at = UTC_TIMESTAMP(6), last_error = NULL WHERE id IN ("
                            + Jdbc.placeholders(sent.size())
                            + ")",
                    sent.toArray());
            metrics.dispatched(sent.size());
        }
        boolean mayHaveMore = due.size() == maxRecipients || runs.stream().anyMatch(run -> run.size() == runLength);
        return new Round(sent.size(), mayHaveMore, brokerUnavailable);
    }

    // Each head's run in id order, as much of it as a round takes: one statement for all recipients.
    private List<List<OutboxRecord>> runs(List<Head> heads, int runLength) {
        Object[] parameters = new Object[heads.size() * 3];
        for (int i = 0; i < heads.size(); i++) {
            parameters[3 * i] = heads.get(i).key();
            parameters[3 * i + 1] = heads.get(i).id();
            parameters[3 * i + 2] = runLength;
        }
        String sql = String.join(" UNION ALL ", Collections.nCopies(heads.size(), RUN));
        record Row(OutboxRecord event, boolean due) {}
        List<Row> rows = Jdbc.query(
                dataSource,
                sql,
                row -> new Row(
                        new OutboxRecord(
                                row.getLong(1),
                                row.getString(2),
                                row.getString(3),
                                row.getInt(4),
                                TraceContext.of(row.getString(6), row.getString(7))),
                        row.getBoolean(5)),
                parameters);
        Map<String, List<Row>> byRecipient = new LinkedHashMap<>();
        rows.forEach(row -> byRecipient
                .computeIfAbsent(row.event().key(), key -> new ArrayList<>())
                .add(row));
        List<List<OutboxRecord>> runs = new ArrayList<>();
        for (List<Row> recipientRows : byRecipient.values()) {
            recipientRows.sort(Comparator.comparingLong(row -> row.event().id()));
            // A run ends before an event in backoff (refused in an earlier round): nothing overtakes it.
            runs.add(recipientRows.stream().takeWhile(Row::due).map(Row::event).toList());
        }
        return runs;
    }

    /**
     * A refusal is the event's own fault: it counts, and the event waits its {@link RetryPolicy}'s time or is dead —
     * at once when it can never be accepted ({@code forGood}). A broker out of reach never comes here: it changes no
     * row.
     */
    private void refuse(OutboxRecord event, Publication.Refused refused) {
        String reason = refused.reason();
        RetryPolicy policy = config.retryPolicy();
        Attempts attempts = new Attempts(event.attempts(), event.attempts()).failed(true);
        RetryPolicy.Decision decision = refused.forGood() ? new RetryPolicy.Park() : policy.after(attempts);
        boolean dead = decision instanceof RetryPolicy.Park;
        Duration wait = decision instanceof RetryPolicy.RetryAfter retry ? retry.delay() : Duration.ZERO;
        Jdbc.update(
                dataSource,
                REFUSED,
                attempts.tries(),
                kept(reason),
                dead ? "FAILED" : "PENDING",
                wait.toNanos() / 1_000,
                event.id());
        metrics.refused();
        if (dead) {
            metrics.died();
            faults.record(
                    RecentFaults.Kind.OUTBOX_EVENT_DEAD,
                    "outbox event " + event.id() + " for " + event.key() + ": " + reason);
            LOG.warning(() -> "Outbox event " + event.id() + " for " + event.key() + " is dead after "
                    + attempts.tries() + " attempts: " + reason);
        }
    }

    // The last_error column's width.
    private static String kept(String error) {
        return error == null ? null : error.substring(0, Math.min(error.length(), MAX_ERROR_LENGTH));
    }
}
