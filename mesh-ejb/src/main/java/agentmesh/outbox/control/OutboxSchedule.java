package agentmesh.outbox.control;

import jakarta.ejb.DependsOn;
import jakarta.ejb.EJB;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;

/**
 * Only triggers: the sweep each second is the safety net that finds events no commit announced (after a crash, a
 * Kafka outage, a backoff); housekeeping each minute trims sent events.
 */
@Singleton
@Startup
@DependsOn("SchemaMigration")
public class OutboxSchedule {

    @Inject
    OutboxDispatcher dispatcher;

    @EJB
    OutboxHousekeeping housekeeping;

    @Schedule(hour = "*", minute = "*", second = "*", persistent = false)
    void sweep() {
        dispatcher.trigger();
        housekeeping.refreshMetrics();
    }

    @Schedule(hour = "*", minute = "*", persistent = false)
    void trim() {
        housekeeping.purgeSent();
    }
}
