package agentmesh.outbox.control;

import agentmesh.jdbc.BatchDelete;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.List;

/** Deletes sent events after the retention, and counts the rows waiting and dead for the metrics. */
@Stateless
public class OutboxHousekeeping {

    @PersistenceContext
    EntityManager em;

    @Inject
    OutboxConfig config;

    @Inject
    OutboxMetrics metrics;

    @EJB
    BatchDelete batchDelete;

    /**
     * Deletes sent events older than the retention in small batches, each its own short transaction through the
     * {@code (status, sent_at)} index, so it never holds locks on the pending rows the dispatcher claims.
     */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public long purgeSent() {
        // sent_at is the database's time: so is the cutoff.
        return batchDelete.untilDone(
                "DELETE FROM outbox_event WHERE status = 'SENT'"
                        + " AND sent_at < UTC_TIMESTAMP(6) - INTERVAL ? MINUTE ORDER BY sent_at LIMIT ?",
                config.sentRetention().toMinutes(),
                config.purgeBatchSize());
    }

    /**
     * Counts the rows waiting and the dead ones through the status index (sent rows are not counted), and reads the
     * age of the oldest waiting one, the lowest id, by its primary key.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public void refreshMetrics() {
        long pending = 0;
        long failed = 0;
        long oldestPendingAgeMicros = 0;
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT status, COUNT(*), MIN(id) FROM outbox_event"
                        + " WHERE status IN ('PENDING', 'FAILED') GROUP BY status")
                .getResultList();
        for (Object[] row : rows) {
            long count = ((Number) row[1]).longValue();
            if ("PENDING".equals(row[0])) {
                pending = count;
                oldestPendingAgeMicros = ageMicros(((Number) row[2]).longValue());
            } else {
                failed = count;
            }
        }
        metrics.rows(pending, failed, oldestPendingAgeMicros);
    }

    // The database's clock, the one created_at was written with; 0 if the row was sent meanwhile.
    private long ageMicros(long id) {
        List<?> age = em.createNativeQuery("SELECT TIMESTAMPDIFF(MICROSECOND, created_at, UTC_TIMESTAMP(6))"
                        + " FROM outbox_event WHERE id = ?")
                .setParameter(1, id)
                .getResultList();
        return age.isEmpty() ? 0 : Math.max(0, ((Number) age.get(0)).longValue());
    }
}
