package agentmesh.outbox.control;

import agentmesh.outbox.entity.OutboxStatus;
import agentmesh.platform.BatchDelete;
import agentmesh.platform.UtcDateTimeConverter;
import agentmesh.platform.UtcTime;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import java.time.Clock;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** Deletes sent events after the retention, and counts rows per status for the metrics. */
@Stateless
public class OutboxHousekeeping {

    @PersistenceContext
    EntityManager em;

    @Inject
    OutboxConfig config;

    @Inject
    OutboxMetrics metrics;

    @Inject
    Clock clock;

    @EJB
    BatchDelete batchDelete;

    /**
     * Deletes sent events older than the retention in small batches, each its own short transaction through the
     * {@code (status, sent_at)} index, so it never holds locks on the pending rows the dispatcher claims.
     */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public long purgeSent() {
        String cutoff = UtcDateTimeConverter.format(UtcTime.now(clock).minus(config.sentRetention()));
        return batchDelete.untilDone("DELETE FROM outbox_event WHERE status = 'SENT' AND sent_at < ?"
                + " ORDER BY sent_at LIMIT ?", cutoff, config.purgeBatchSize());
    }

    public Map<OutboxStatus, Long> countByStatus() {
        Map<OutboxStatus, Long> counts = new EnumMap<>(OutboxStatus.class);
        for (OutboxStatus status : OutboxStatus.values()) {
            counts.put(status, 0L);
        }
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT status, COUNT(*) FROM outbox_event GROUP BY status")
                .getResultList();
        for (Object[] row : rows) {
            counts.put(OutboxStatus.valueOf(row[0].toString()), ((Number) row[1]).longValue());
        }
        return counts;
    }

    public void refreshMetrics() {
        countByStatus().forEach(metrics::rows);
    }
}
