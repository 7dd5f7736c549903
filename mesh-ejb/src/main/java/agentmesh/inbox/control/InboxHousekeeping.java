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
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Clock;
import java.time.Duration;

/**
 * Only a trigger: every ten minutes, purges dedup rows older than their retention, which must outlast the topic's
 * retention (a record can only come again while Kafka still holds it): 7 days by default plus a day of margin.
 */
@Singleton
@Startup
@DependsOn("SchemaMigration")
public class InboxHousekeeping {

    private static final int BATCH = 1_000;

    @EJB
    BatchDelete batchDelete;

    @Inject
    @ConfigProperty(name = "mesh.inbox.dedup-retention-hours", defaultValue = "192")
    long dedupRetentionHours;

    @Inject
    Clock clock;

    @Schedule(hour = "*", minute = "*/10", persistent = false)
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void purgeDedup() {
        String cutoff = UtcDateTimeConverter.format(
                UtcTime.now(clock).minus(Duration.ofHours(dedupRetentionHours)));
        batchDelete.untilDone("DELETE FROM inbox_dedup WHERE delivered_at < ? ORDER BY delivered_at LIMIT ?",
                cutoff, BATCH);
    }
}
