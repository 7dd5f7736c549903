package agentmesh.outbox.control;

import agentmesh.deadletter.DeadLetterCount;
import agentmesh.deadletter.DeadLetterPage;
import agentmesh.deadletter.DeadLetterReplay;
import agentmesh.outbox.entity.OutboxEvent;
import agentmesh.outbox.entity.OutboxStatus;
import agentmesh.problem.MeshException;
import agentmesh.time.UtcTime;
import jakarta.ejb.Stateless;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.util.List;

/**
 * What an admin sees of the outbox and the one thing an admin does to it: put a dead event back. The dead events are
 * the outbox's dead-letter store, under the mesh's one contract ({@code agentmesh.deadletter}): listed in pages,
 * counted, replayed (put back to pending).
 */
@Stateless
public class OutboxAdmin {

    @PersistenceContext
    EntityManager em;

    @Inject
    Event<OutboxEnqueued> enqueued;

    /**
     * Events with the status, oldest first; sent ones newest first by the time they were sent (the
     * {@code (status, sent_at)} index: they are many).
     */
    public List<OutboxEventView> list(OutboxStatus status, int limit) {
        String order = status == OutboxStatus.SENT ? "e.sentAt DESC" : "e.id";
        return em.createQuery(
                        "SELECT e FROM OutboxEvent e WHERE e.status = :status ORDER BY " + order, OutboxEvent.class)
                .setParameter("status", status)
                .setMaxResults(limit)
                .getResultStream()
                .map(OutboxAdmin::view)
                .toList();
    }

    /** The dead events after the cursor, oldest first. */
    public DeadLetterPage<OutboxEventView> deadLetters(long cursor, int limit) {
        return DeadLetterPage.of(
                em.createQuery(
                                "SELECT e FROM OutboxEvent e WHERE e.status = :status"
                                        + " AND e.id > :cursor ORDER BY e.id",
                                OutboxEvent.class)
                        .setParameter("status", OutboxStatus.FAILED)
                        .setParameter("cursor", cursor)
                        .setMaxResults(limit + 1)
                        .getResultStream()
                        .map(OutboxAdmin::view)
                        .toList(),
                limit,
                OutboxEventView::id);
    }

    /** How many events are dead (the {@code (status, event_key, id)} index). */
    public DeadLetterCount countDead() {
        return new DeadLetterCount(
                em.createQuery("SELECT COUNT(e) FROM OutboxEvent e WHERE e.status = :status", Long.class)
                        .setParameter("status", OutboxStatus.FAILED)
                        .getSingleResult());
    }

    /** {@link #retry} as the dead-letter contract answers it: the event is {@code requeued}. */
    public DeadLetterReplay replay(long id) {
        retry(id);
        return new DeadLetterReplay(id, "requeued");
    }

    /** Puts a dead event back to pending; it is published before any later event of its recipient. */
    public OutboxEventView retry(long id) {
        OutboxEvent event = em.find(OutboxEvent.class, id, LockModeType.PESSIMISTIC_WRITE);
        if (event == null) {
            throw new UnknownOutboxEventException(id);
        }
        if (event.status() != OutboxStatus.FAILED) {
            throw new NotDeadException(id, event.status());
        }
        // Due now by the database's clock, the one every instance's claim compares with.
        em.createNativeQuery("UPDATE outbox_event SET status = 'PENDING', attempts = 0,"
                        + " next_attempt_at = UTC_TIMESTAMP(6) WHERE id = ?")
                .setParameter(1, id)
                .executeUpdate();
        em.refresh(event);
        enqueued.fire(new OutboxEnqueued()); // dispatch right after this commit
        return view(event);
    }

    private static OutboxEventView view(OutboxEvent e) {
        return new OutboxEventView(
                e.id(),
                e.eventKey(),
                e.eventType(),
                e.taskId(),
                e.status().name().toLowerCase(),
                e.attempts(),
                UtcTime.toInstant(e.nextAttemptAt()),
                e.lastError(),
                UtcTime.toInstant(e.createdAt()),
                UtcTime.toInstant(e.sentAt()));
    }

    public static class UnknownOutboxEventException extends MeshException {
        UnknownOutboxEventException(long id) {
            super(404, "unknown-outbox-event", "Unknown outbox event", "No outbox event " + id);
        }
    }

    public static class NotDeadException extends MeshException {
        NotDeadException(long id, OutboxStatus status) {
            super(
                    409,
                    "outbox-event-not-failed",
                    "Outbox event is not failed",
                    "Outbox event " + id + " is " + status.name().toLowerCase() + "; only failed events are retried");
        }
    }
}
