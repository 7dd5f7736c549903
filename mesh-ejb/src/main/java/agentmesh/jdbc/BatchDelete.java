package agentmesh.jdbc;

import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/**
 * Housekeeping deletes in small batches, each its own short transaction, so that purging old rows never holds
 * locks for long next to the hot ones.
 */
@Stateless
public class BatchDelete {

    // With batches of thousands, a run per minute keeps up with hundreds of thousands of rows a minute.
    private static final int MAX_BATCHES_PER_RUN = 200;

    @PersistenceContext
    EntityManager em;

    @EJB
    BatchDelete self;

    /**
     * Runs {@code DELETE … WHERE <column> < cutoff … LIMIT batch} until a batch comes back short.
     *
     * @param delete a DELETE with two parameters, the cutoff and the batch size (the mesh's own SQL, never input)
     */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public long untilDone(String delete, Object cutoff, int batch) {
        long deleted = 0;
        for (int i = 0; i < MAX_BATCHES_PER_RUN; i++) {
            int rows = self.once(delete, cutoff, batch);
            deleted += rows;
            if (rows < batch) {
                break;
            }
        }
        return deleted;
    }

    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public int once(String delete, Object cutoff, int batch) {
        return em.createNativeQuery(delete)
                .setParameter(1, cutoff)
                .setParameter(2, batch)
                .executeUpdate();
    }
}
