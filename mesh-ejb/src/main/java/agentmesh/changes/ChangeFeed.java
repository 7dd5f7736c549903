package agentmesh.changes;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.DependsOn;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Finds what other server instances changed: every {@code mesh.changes.poll-ms} (100 ms), each {@link Followed}
 * change's rows changed since the previous poll began, by the database's clock, less an {@link #OVERLAP} for changes
 * that committed a little after their statement set the time. The window follows the polls, not the wall clock, so a
 * poll that runs late (a collection, a busy server) still reads every change — it reads a longer window once; a poll
 * in which a follower failed does not move the window on, so the next one reads it again. Hearing of a change twice
 * is the followers' to ignore. The cost is one query per poll for the clock and one per followed change, however
 * many listen: at 100 ms, 30 indexed queries a second, for a reader woken on another instance within about 100 ms of
 * the delivery.
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

    @Resource
    ManagedScheduledExecutorService scheduler;

    @Inject
    @ConfigProperty(name = "mesh.changes.poll-ms", defaultValue = "100")
    long pollMillis;

    private ScheduledFuture<?> polling;
    private boolean failing;

    @Resource
    SessionContext context;

    // The executor calls the bean through its container (its business object): on a bare thread the transaction-scoped
    // EntityManager has no invocation to belong to, and Payara refused every query ("closed EntityManager").
    @PostConstruct
    void start() {
        ChangeFeed self = context.getBusinessObject(ChangeFeed.class);
        polling = scheduler.scheduleWithFixedDelay(self::pollLogged, pollMillis, pollMillis, TimeUnit.MILLISECONDS);
    }

    @PreDestroy
    void stop() {
        polling.cancel(false);
    }

    /** One poll; one log line when polls start failing (the database away) and one when they work again. */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public void pollLogged() {
        try {
            poll();
            if (failing) {
                failing = false;
                LOG.info("Change feed: polling again");
            }
        } catch (RuntimeException e) {
            if (!failing) {
                failing = true;
                LOG.log(Level.WARNING, "Change feed: a poll failed; the next ones read its window again", e);
            }
        }
    }

    void poll() {
        Object since =
                em.createNativeQuery("SELECT UTC_TIMESTAMP(6) - " + OVERLAP).getSingleResult();
        Object from = previousSince == null ? since : previousSince;
        RuntimeException failure = null;
        for (Followed change : followed) {
            try {
                @SuppressWarnings("unchecked")
                List<Object[]> rows = em.createNativeQuery(change.changedSince())
                        .setParameter(1, from)
                        .getResultList();
                rows.forEach(change::changed);
            } catch (RuntimeException e) {
                failure = new IllegalStateException(change.getClass().getSimpleName() + " failed", e);
            }
        }
        if (failure != null) {
            throw failure; // the window stays where it was: the next poll reads it again
        }
        previousSince = since;
    }
}
