package agentmesh.changes;

import agentmesh.datasource.MeshDataSource;
import agentmesh.jdbc.Jdbc;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Finds what other server instances changed: every {@code mesh.changes.poll-interval-ms}, each {@link Followed}
 * change's rows changed since the previous poll began, by the database's clock, less an {@link #OVERLAP} for changes
 * that committed a little after their statement set the time. The window follows the polls, not the wall clock, so a
 * poll that runs late (a collection, a busy server) still reads every change — it reads a longer window once; a poll
 * in which a follower failed does not move the window on, so the next one reads it again. Hearing of a change twice is
 * the followers' to ignore.
 *
 * <p>The polls run on the container's scheduled executor, one after another, on plain statements outside any
 * transaction: an EJB timer cannot fire more often than once a second, and that second was the whole delay of a long
 * poll woken by a delivery another instance made. The cost is one connection and 1 + (followed changes) indexed
 * queries per poll, however many listen; the rows are the agents and tokens changed in the window, not the messages.
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
         * A query with one parameter, a {@code DATETIME(6)} in UTC, selecting the rows whose change time is at or
         * after it through an index (e.g. {@code WHERE token_rotated_at >= ?}).
         */
        String changedSince();

        /** A row the query found, its columns in the query's order; may come again at the next poll. */
        void changed(Object[] row);
    }

    @Resource(lookup = MeshDataSource.IN_USE)
    DataSource dataSource;

    @Resource
    ManagedScheduledExecutorService scheduler;

    @Inject
    @Any
    Instance<Followed> followed;

    @Inject
    @ConfigProperty(name = "mesh.changes.poll-interval-ms", defaultValue = "100")
    long pollIntervalMs;

    /** Only the scheduled polls touch these, one after another: the executor orders them. */
    private Object previousSince;

    private boolean failing;

    private ScheduledFuture<?> polls;

    @PostConstruct
    void start() {
        polls = scheduler.scheduleWithFixedDelay(
                this::pollSafely, pollIntervalMs, pollIntervalMs, TimeUnit.MILLISECONDS);
    }

    @PreDestroy
    void stop() {
        polls.cancel(false);
    }

    private void pollSafely() {
        try {
            Jdbc.withConnection(dataSource, this::poll);
        } catch (RuntimeException e) {
            // A failed poll must not end the schedule; the next one reads this window again.
            LOG.log(Level.FINE, "Change feed: the database did not answer; the next poll reads the window again", e);
        }
    }

    private Void poll(Connection connection) throws SQLException {
        Object since = Jdbc.query(connection, "SELECT UTC_TIMESTAMP(6) - " + OVERLAP, row -> row.getObject(1))
                .get(0);
        Object from = previousSince == null ? since : previousSince;
        boolean allRead = true;
        for (Followed change : followed) {
            try {
                List<Object[]> rows = Jdbc.query(connection, change.changedSince(), ChangeFeed::columns, from);
                rows.forEach(change::changed);
            } catch (SQLException | RuntimeException e) {
                allRead = false;
                // Ten polls a second: said once when the failures begin, not at every poll.
                LOG.log(
                        failing ? Level.FINE : Level.WARNING,
                        "Change feed: " + change.getClass().getSimpleName()
                                + " failed; the next poll reads its window again",
                        e);
            }
        }
        failing = !allRead;
        if (allRead) {
            previousSince = since;
        }
        return null;
    }

    private static Object[] columns(ResultSet row) throws SQLException {
        Object[] values = new Object[row.getMetaData().getColumnCount()];
        for (int i = 0; i < values.length; i++) {
            values[i] = row.getObject(i + 1);
        }
        return values;
    }
}
