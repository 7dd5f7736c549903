package agentmesh.inbox.control;

import agentmesh.platform.BatchDelete;
import agentmesh.platform.UtcDateTimeConverter;
import agentmesh.platform.UtcTime;
import jakarta.ejb.DependsOn;
import jakarta.ejb.EJB;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Clock;
import java.time.Duration;

/**
 * Only a trigger: every minute, purges dedup rows older than their retention, which must outlast the topic's
 * retention (a record can only come again while Kafka still holds it): 7 days by default plus a day of margin. Every
 * delivery leaves a row, so a run must be able to delete more than a minute's deliveries: up to 200 batches of
 * {@code mesh.inbox.dedup-purge-batch-size} (5,000), a million rows a minute.
 */
@Singleton
@Startup
@DependsOn("SchemaMigration")
public class InboxHousekeeping {

    @EJB
    BatchDelete batchDelete;

    @Inject
    @ConfigProperty(name = "mesh.inbox.dedup-retention-hours", defaultValue = "192")
    long dedupRetentionHours;

    @Inject
    @ConfigProperty(name = "mesh.inbox.dedup-purge-batch-size", defaultValue = "5000")
    int purgeBatchSize;

    @Inject
    Clock clock;

    @Schedule(hour = "*", minute = "*", persistent = false)
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void purgeDedup() {
        String cutoff = UtcDateTimeConverter.format(
                UtcTime.now(clock).minus(Duration.ofHours(dedupRetentionHours)));
        batchDelete.untilDone("DELETE FROM inbox_dedup WHERE delivered_at < ? ORDER BY delivered_at LIMIT ?",
                cutoff, purgeBatchSize);
    }
}
