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
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Only a trigger: every minute, purges dedup rows older than their retention ({@link DedupRetention}). Every delivery
 * leaves a row, so a run must be able to delete more than a minute's deliveries: up to 200 batches of
 * {@code mesh.inbox.dedup-purge-batch-size} (5,000), a million rows a minute.
 */
@Singleton
@Startup
@DependsOn("SchemaMigration")
public class InboxHousekeeping {

    @EJB
    BatchDelete batchDelete;

    @Inject
    DedupRetention dedupRetention;

    @Inject
    @ConfigProperty(name = "mesh.inbox.dedup-purge-batch-size", defaultValue = "5000")
    int purgeBatchSize;

    @Inject
    Clock clock;

    @Schedule(hour = "*", minute = "*", persistent = false)
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void purgeDedup() {
        String cutoff = UtcDateTimeConverter.format(UtcTime.now(clock).minus(dedupRetention.duration()));
        batchDelete.untilDone(
                "DELETE FROM inbox_dedup WHERE delivered_at < ? ORDER BY delivered_at LIMIT ?", cutoff, purgeBatchSize);
    }
}
