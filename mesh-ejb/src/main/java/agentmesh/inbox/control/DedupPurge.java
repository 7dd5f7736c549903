package agentmesh.inbox.control;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/** One batch of the dedup purge, in its own short transaction. */
@Stateless
public class DedupPurge {

    @PersistenceContext
    EntityManager em;

    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public int deleteBefore(String cutoff, int limit) {
        return em.createNativeQuery("DELETE FROM inbox_dedup WHERE delivered_at < ? ORDER BY delivered_at LIMIT ?")
                .setParameter(1, cutoff).setParameter(2, limit).executeUpdate();
    }
}
