package agentmesh.outbox.control;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/** One batch of the purge, in its own transaction. */
@Stateless
public class PurgeStep {

    @PersistenceContext
    EntityManager em;

    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public int deleteSentBefore(String cutoff, int limit) {
        return em.createNativeQuery("DELETE FROM outbox_event WHERE status = 'SENT' AND sent_at < ?"
                        + " ORDER BY sent_at LIMIT ?")
                .setParameter(1, cutoff)
                .setParameter(2, limit)
                .executeUpdate();
    }
}
