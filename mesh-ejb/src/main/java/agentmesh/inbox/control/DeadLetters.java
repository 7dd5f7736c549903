package agentmesh.inbox.control;

import agentmesh.deadletter.DeadLetterCount;
import agentmesh.deadletter.DeadLetterPage;
import agentmesh.deadletter.DeadLetterReplay;
import agentmesh.operations.RecentFaults;
import agentmesh.problem.MeshException;
import agentmesh.time.UtcDateTimeConverter;
import agentmesh.time.UtcTime;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Clock;
import java.util.List;
import java.util.Locale;

/**
 * Records the consumer gave up on, kept with their error so that nothing is lost silently; an admin replays them
 * through the same delivery (and dedup) once the cause is fixed.
 */
@Stateless
public class DeadLetters {

    @PersistenceContext
    EntityManager em;

    @EJB
    InboxDelivery delivery;

    @Inject
    RecentFaults faults;

    @Inject
    InboxMetrics metrics;

    @Inject
    Clock clock;

    /** Parks a record (once: parking the same record again changes nothing). */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void park(String topic, int partition, long offset, String key, String payload, String error, int attempts) {
        int inserted = em.createNativeQuery("INSERT IGNORE INTO dead_letter (topic, kafka_partition, kafka_offset,"
                        + " record_key, payload, error, attempts, status, created_at)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, 'parked', ?)")
                .setParameter(1, topic)
                .setParameter(2, partition)
                .setParameter(3, offset)
                .setParameter(4, key)
                .setParameter(5, payload)
                .setParameter(6, error.substring(0, Math.min(error.length(), 1000)))
                .setParameter(7, attempts)
                .setParameter(8, UtcDateTimeConverter.format(UtcTime.now(clock)))
                .executeUpdate();
        if (inserted > 0) {
            metrics.deadLetter();
            faults.record(
                    RecentFaults.Kind.RECORD_PARKED,
                    "record " + partition + "@" + offset + " for " + key + ": " + error);
        }
    }

    /** The letters with the status ({@code parked}, {@code replayed}) after the cursor, in the order parked. */
    public DeadLetterPage<DeadLetterView> list(String status, long cursor, int limit) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT id, topic, kafka_partition, kafka_offset, record_key,"
                        + " error, attempts, status, created_at, replayed_at FROM dead_letter"
                        + " WHERE status = ? AND id > ? ORDER BY id LIMIT ?")
                .setParameter(1, status)
                .setParameter(2, cursor)
                .setParameter(3, limit + 1)
                .getResultList();
        return DeadLetterPage.of(
                rows.stream()
                        .map(r -> new DeadLetterView(
                                ((Number) r[0]).longValue(),
                                (String) r[1],
                                ((Number) r[2]).intValue(),
                                ((Number) r[3]).longValue(),
                                (String) r[4],
                                (String) r[5],
                                ((Number) r[6]).intValue(),
                                (String) r[7],
                                UtcTime.toInstant(UtcDateTimeConverter.read(r[8])),
                                UtcTime.toInstant(UtcDateTimeConverter.read(r[9]))))
                        .toList(),
                limit,
                DeadLetterView::id);
    }

    /** How many letters have the status (the {@code (status, id)} index). */
    public DeadLetterCount count(String status) {
        return new DeadLetterCount(((Number) em.createNativeQuery("SELECT COUNT(*) FROM dead_letter WHERE status = ?")
                        .setParameter(1, status)
                        .getSingleResult())
                .longValue());
    }

    /**
     * Delivers a parked record now, in this transaction with marking it replayed; a failure leaves it parked. The
     * outcome: {@code delivered}, or {@code duplicate} when its event had come already.
     */
    public DeadLetterReplay replay(long id) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery(
                        "SELECT record_key, payload, status FROM dead_letter WHERE id = ? FOR UPDATE")
                .setParameter(1, id)
                .getResultList();
        if (rows.isEmpty()) {
            throw new UnknownDeadLetterException(id);
        }
        if (!"parked".equals(rows.get(0)[2])) {
            throw new AlreadyReplayedException(id);
        }
        InboxDelivery.Outcome outcome;
        try {
            outcome = delivery.deliver((String) rows.get(0)[0], (String) rows.get(0)[1]);
        } catch (PoisonRecordException e) {
            throw new UndeliverableDeadLetterException(id, e.getMessage());
        }
        em.createNativeQuery("UPDATE dead_letter SET status = 'replayed', replayed_at = ? WHERE id = ?")
                .setParameter(1, UtcDateTimeConverter.format(UtcTime.now(clock)))
                .setParameter(2, id)
                .executeUpdate();
        return new DeadLetterReplay(id, outcome.name().toLowerCase(Locale.ROOT));
    }

    public static class UnknownDeadLetterException extends MeshException {
        UnknownDeadLetterException(long id) {
            super(404, "unknown-dead-letter", "Unknown dead letter", "No dead letter " + id);
        }
    }

    /** 409: the record itself cannot be delivered (it is not an event of the mesh's); it stays parked. */
    public static class UndeliverableDeadLetterException extends MeshException {
        UndeliverableDeadLetterException(long id, String reason) {
            super(
                    409,
                    "dead-letter-undeliverable",
                    "Dead letter cannot be delivered",
                    "Dead letter " + id + " cannot be delivered as it is (" + reason + "); it stays parked");
        }
    }

    public static class AlreadyReplayedException extends MeshException {
        AlreadyReplayedException(long id) {
            super(
                    409,
                    "dead-letter-replayed",
                    "Dead letter already replayed",
                    "Dead letter " + id + " was replayed already");
        }
    }
}
