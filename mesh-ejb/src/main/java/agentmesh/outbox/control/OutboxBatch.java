package agentmesh.outbox.control;

import agentmesh.outbox.entity.OutboxEvent;
import agentmesh.outbox.entity.RetryPolicy;
import agentmesh.platform.UtcDateTimeConverter;
import agentmesh.platform.UtcTime;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import java.time.Clock;
import java.time.LocalDateTime;
import java.util.List;
import java.util.logging.Logger;

/**
 * One round of dispatching, in its own transaction: claim the publishable events, publish them, record the outcome.
 *
 * <p>Only the head of each recipient's queue is publishable: a pending event with no earlier pending event of the
 * same key. The claim locks the heads ({@code FOR UPDATE SKIP LOCKED}, in the order of the
 * {@code (status, next_attempt_at)} index so InnoDB locks only the rows it returns), while the head test reads
 * committed rows without locking. So an event waits while an earlier one of its recipient is in backoff (it is
 * still pending) and while another server holds that earlier one (it is still pending until that server commits it
 * as sent). A dead event is no longer pending and stops holding the queue.
 */
@Stateless
public class OutboxBatch {

    private static final Logger LOG = Logger.getLogger(OutboxBatch.class.getName());

    // Claims at most one event per recipient: the earliest pending one, if it is due.
    private static final String CLAIM_HEADS = """
            SELECT e.* FROM outbox_event e
            WHERE e.status = 'PENDING' AND e.next_attempt_at <= ?
              AND NOT EXISTS (SELECT 1 FROM outbox_event earlier
                              WHERE earlier.event_key = e.event_key AND earlier.status = 'PENDING'
                                AND earlier.id < e.id)
            ORDER BY e.next_attempt_at
            LIMIT ?
            FOR UPDATE SKIP LOCKED""";

    @PersistenceContext
    EntityManager em;

    @Inject
    KafkaPublisher publisher;

    @Inject
    OutboxConfig config;

    @Inject
    OutboxMetrics metrics;

    @Inject
    Clock clock;

    /** @return how many events were claimed (and so either published or rescheduled) */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public int dispatch() {
        LocalDateTime now = UtcTime.now(clock);
        @SuppressWarnings("unchecked")
        List<OutboxEvent> heads = em.createNativeQuery(CLAIM_HEADS, OutboxEvent.class)
                .setParameter(1, UtcDateTimeConverter.format(now))
                .setParameter(2, config.batchSize())
                .getResultList();
        if (heads.isEmpty()) {
            return 0;
        }
        List<Exception> outcomes = publisher.publish(heads);
        RetryPolicy policy = config.retryPolicy();
        LocalDateTime done = UtcTime.now(clock);
        for (int i = 0; i < heads.size(); i++) {
            OutboxEvent event = heads.get(i);
            Exception failure = outcomes.get(i);
            if (failure == null) {
                event.markSent(done);
                metrics.dispatched(true);
            } else {
                metrics.dispatched(false);
                if (KafkaPublisher.isUnavailable(failure)) {
                    event.recordUnavailable(failure.toString(), policy, done);
                } else if (event.recordFailure(failure.toString(), policy, done)) {
                    metrics.died();
                    LOG.warning(() -> "Outbox event " + event.id() + " for " + event.eventKey() + " is dead after "
                            + event.attempts() + " attempts: " + failure);
                }
            }
        }
        return heads.size();
    }
}
