package agentmesh.inbox.control;

import agentmesh.jdbc.BatchDelete;
import agentmesh.time.UtcDateTimeConverter;
import agentmesh.time.UtcTime;
import jakarta.ejb.DependsOn;
import jakarta.ejb.EJB;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;

import java.time.Clock;

/**
 * Only a trigger: every ten minutes, purges dedup rows older than their retention ({@link DedupRetention}).
 */
@Singleton
@Startup
@DependsOn("SchemaMigration")
public class InboxHousekeeping {

    private static final int BATCH = 1_000;

    @EJB
    BatchDelete batchDelete;

    @Inject
    DedupRetention dedupRetention;

    @Inject
    Clock clock;

    @Schedule(hour = "*", minute = "*/10", persistent = false)
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void purgeDedup() {
        String cutoff = UtcDateTimeConverter.format(
                UtcTime.now(clock).minus(dedupRetention.duration()));
        batchDelete.untilDone("DELETE FROM inbox_dedup WHERE delivered_at < ? ORDER BY delivered_at LIMIT ?",
                cutoff, BATCH);
    }
}
