package agentmesh.inbox.control;

import jakarta.ejb.DependsOn;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import java.util.List;

/**
 * Finds deliveries that another server instance committed (or an admin's replay there): once a second, the inboxes
 * whose cursor moved in the last few seconds by the database's clock, through the {@code updated_at} index. The
 * window overlaps the previous polls, so a delivery that committed a little after its statement ran is still seen;
 * readers already past a change ignore it. The cost is one query a second however many readers wait.
 */
@Singleton
@Startup
@DependsOn("SchemaMigration")
public class InboxChangeFeed {

    private static final String RECENT = """
            SELECT agent_id, last_cursor FROM inbox_cursor
            WHERE updated_at >= UTC_TIMESTAMP(6) - INTERVAL 3 SECOND""";

    @PersistenceContext
    EntityManager em;

    @Inject
    InboxSignals signals;

    @Schedule(hour = "*", minute = "*", second = "*", persistent = false)
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void poll() {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery(RECENT).getResultList();
        rows.forEach(row -> signals.signal(new InboxChange((String) row[0], ((Number) row[1]).longValue())));
    }
}
