package agentmesh.inbox.control;

import agentmesh.platform.ChangesSincePreviousPoll;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/**
 * Finds deliveries that another server instance committed (or an admin's replay there): once a second, the inboxes
 * whose cursor moved since the previous poll began, by the database's clock, through the {@code updated_at} index
 * ({@link ChangesSincePreviousPoll}: a late poll reads a longer window). Readers already past a change ignore it. The
 * cost is two small queries a second however many readers wait.
 */
@Singleton
@Startup
@DependsOn("SchemaMigration")
public class InboxChangeFeed {

    private final ChangesSincePreviousPoll moves = new ChangesSincePreviousPoll("""
            SELECT agent_id, last_cursor FROM inbox_cursor
            WHERE updated_at >= ? - INTERVAL 3 SECOND""");

    @PersistenceContext
    EntityManager em;

    @Inject
    InboxSignals signals;

    @Schedule(hour = "*", minute = "*", second = "*", persistent = false)
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void poll() {
        moves.poll(em).forEach(row -> signals.signal(new InboxChange((String) row[0], ((Number) row[1]).longValue())));
    }
}
