package agentmesh.outbox.control;

import agentmesh.outbox.entity.OutboxEvent;
import agentmesh.platform.UtcTime;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import java.time.Clock;

/** Writes events into the outbox, always inside the caller's transaction: the event commits with its cause or not at all. */
@Stateless
@TransactionAttribute(TransactionAttributeType.MANDATORY)
public class Outbox {

    @PersistenceContext
    EntityManager em;

    @Inject
    Clock clock;

    @Inject
    Event<OutboxEnqueued> enqueued;

    /** Queues an event for the recipient; events of one recipient are published in the order they commit. */
    public void enqueue(String recipient, String type, String taskId, JsonObject payload) {
        em.persist(new OutboxEvent(recipient, type, taskId, payload.toString(), UtcTime.now(clock)));
        enqueued.fire(new OutboxEnqueued());
    }
}
