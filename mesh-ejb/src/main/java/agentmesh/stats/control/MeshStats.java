package agentmesh.stats.control;

import agentmesh.inbox.control.InboxMetrics;
import agentmesh.kafka.KafkaSettings;
import agentmesh.operations.RecentFaults;
import agentmesh.outbox.control.KafkaCluster;
import agentmesh.outbox.control.KafkaCluster.KafkaUnreachableException;
import agentmesh.outbox.control.OutboxMetrics;
import agentmesh.task.entity.TaskState;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * {@code GET /admin/stats}: the mesh's state at a glance, from the database (outbox, tasks), the Kafka cluster
 * (the consumer group's lag, for all instances) and this instance's counters and recent faults. Each database figure
 * is an index range or a grouped read of one index; sent outbox rows are not counted (they are many, and Kafka is
 * their log: their number is {@code agent_mesh_outbox_dispatch_total}).
 */
@Stateless
public class MeshStats {

    @PersistenceContext
    EntityManager em;

    @EJB
    KafkaCluster kafka;

    @Inject
    InboxMetrics inboxMetrics;

    @Inject
    OutboxMetrics outboxMetrics;

    @Inject
    RecentFaults recentFaults;

    /** The consumers' group: the one the inbox consumer joins. */
    @Inject
    KafkaSettings kafkaSettings;

    /** The outbox: rows by status (waiting, dead) and how long the oldest waiting one has waited. */
    public record Outbox(Map<String, Long> byStatus, Double oldestPendingAgeSeconds) {}

    /**
     * The consumer group's lag per partition and in all; {@code error} instead when the cluster did not answer.
     */
    public record Consumer(String group, SortedMap<Integer, Long> lagByPartition, Long totalLag, String error) {}

    /**
     * The instance that answered: events it published and delivered since it started (rates are their differences
     * over time) and the send → inbox time of its last 10,000 deliveries.
     */
    public record Instance(long dispatched, long delivered, double e2eLatencyP50Seconds, double e2eLatencyP99Seconds) {}

    public record Stats(
            Outbox outbox,
            Consumer consumer,
            long dedupHits,
            Map<String, Long> tasksByState,
            Instance instance,
            List<RecentFaults.Fault> recentFaults) {}

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Stats snapshot() {
        Instance instance = new Instance(
                outboxMetrics.dispatchedCount(),
                inboxMetrics.deliveredCount(),
                inboxMetrics.latencySeconds(0.5),
                inboxMetrics.latencySeconds(0.99));
        return new Stats(
                outbox(), consumer(), inboxMetrics.dedupHits(), tasksByState(), instance, recentFaults.newestFirst());
    }

    private Outbox outbox() {
        Map<String, Long> byStatus = new LinkedHashMap<>(Map.of("pending", 0L, "failed", 0L));
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT status, COUNT(*) FROM outbox_event"
                        + " WHERE status IN ('PENDING', 'FAILED') GROUP BY status")
                .getResultList();
        for (Object[] row : rows) {
            byStatus.put(((String) row[0]).toLowerCase(), ((Number) row[1]).longValue());
        }
        // The database's clock, the one created_at was written with.
        Number oldestMicros = (Number) em.createNativeQuery("SELECT TIMESTAMPDIFF(MICROSECOND, MIN(created_at),"
                        + " UTC_TIMESTAMP(6)) FROM outbox_event WHERE status = 'PENDING'")
                .getSingleResult();
        return new Outbox(byStatus, oldestMicros == null ? null : oldestMicros.longValue() / 1e6);
    }

    private Consumer consumer() {
        try {
            SortedMap<Integer, Long> lag = kafka.lag(kafkaSettings.consumerGroup());
            return new Consumer(
                    kafkaSettings.consumerGroup(),
                    lag,
                    lag.values().stream().mapToLong(Long::longValue).sum(),
                    null);
        } catch (KafkaUnreachableException e) {
            return new Consumer(kafkaSettings.consumerGroup(), null, null, "Kafka did not answer: " + e.getMessage());
        }
    }

    private Map<String, Long> tasksByState() {
        Map<String, Long> byState = new LinkedHashMap<>();
        for (TaskState state : TaskState.values()) {
            byState.put(state.wireName(), 0L);
        }
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT state, COUNT(*) FROM task GROUP BY state")
                .getResultList();
        for (Object[] row : rows) {
            byState.put(TaskState.valueOf((String) row[0]).wireName(), ((Number) row[1]).longValue());
        }
        return byState;
    }
}
