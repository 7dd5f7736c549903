package agentmesh.changes;

import jakarta.ejb.DependsOn;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Finds what other server instances changed: once a second, each {@link Followed} change's rows changed since the
 * previous poll began, by the database's clock, less an {@link #OVERLAP} for changes that committed a little after
 * their statement set the time. The window follows the polls, not the wall clock, so a timer that runs late (a
 * collection, a busy server) still reads every change — it reads a longer window once; a poll in which a follower
 * failed does not move the window on, so the next one reads it again. Hearing of a change twice is the followers' to
 * ignore. The cost is one query a second for the clock and one per followed change, however many listen.
 */
@Singleton
@Startup
@DependsOn("SchemaMigration")
public class ChangeFeed {

    /** How far before the previous poll's start each poll reads: longer than a commit takes after its statement. */
    public static final String OVERLAP = "INTERVAL 3 SECOND";

    private static final Logger LOG = Logger.getLogger(ChangeFeed.class.getName());

    /** A kind of change the feed looks for on every poll, and what is told of each changed row. */
    public interface Followed {

        /**
         * A native query with one parameter, a {@code DATETIME(6)} in UTC, selecting the rows whose change time is at
         * or after it through an index (e.g. {@code WHERE token_rotated_at >= ?}).
         */
        String changedSince();

        /** A row the query found; may come again at the next poll. */
        void changed(Object[] row);
    }

    @PersistenceContext
    EntityManager em;

    @Inject
    @Any
    Instance<Followed> followed;

    private Object previousSince;

    @Schedule(hour = "*", minute = "*", second = "*", persistent = false)
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void poll() {
        Object since =
                em.createNativeQuery("SELECT UTC_TIMESTAMP(6) - " + OVERLAP).getSingleResult();
        Object from = previousSince == null ? since : previousSince;
        boolean allRead = true;
        for (Followed change : followed) {
            try {
                @SuppressWarnings("unchecked")
                List<Object[]> rows = em.createNativeQuery(change.changedSince())
                        .setParameter(1, from)
                        .getResultList();
                rows.forEach(change::changed);
            } catch (RuntimeException e) {
                allRead = false;
                LOG.log(
                        Level.WARNING,
                        "Change feed: " + change.getClass().getSimpleName()
                                + " failed; the next poll reads its window again",
                        e);
            }
        }
        if (allRead) {
            previousSince = since;
        }
    }
}
