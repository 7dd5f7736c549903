package agentmesh.task.control;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.DependsOn;
import jakarta.ejb.EJB;
import jakarta.ejb.Lock;
import jakarta.ejb.LockType;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Only a trigger: every {@code mesh.task.idle-scan-seconds} (300 by default) it has {@link IdleTaskScan} fail the
 * tasks idle longer than {@code mesh.task.idle-limit-seconds} (24 h by default). A programmatic timer, because an
 * {@code @Schedule} cannot take its interval from configuration.
 */
@Singleton
@Startup
@DependsOn("SchemaMigration")
@Lock(LockType.READ) // scans may overlap (a timer and an admin, or two instances): the claim keeps them apart
public class IdleTaskTimer {

    @Resource
    TimerService timers;

    @EJB
    IdleTaskScan scan;

    @Inject
    @ConfigProperty(name = "mesh.task.idle-scan-seconds", defaultValue = "300")
    long scanSeconds;

    @Inject
    @ConfigProperty(name = "mesh.task.idle-limit-seconds", defaultValue = "86400")
    long idleLimitSeconds;

    @PostConstruct
    void schedule() {
        long interval = Duration.ofSeconds(scanSeconds).toMillis();
        timers.createIntervalTimer(interval, interval, new TimerConfig("idle-task-scan", false));
    }

    @Timeout
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void onTimer() {
        scanNow();
    }

    /** Runs a scan at once (also the admin's "scan now"); returns how many tasks it failed. */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public int scanNow() {
        int total = 0;
        int failed;
        do {
            failed = scan.failIdle(Duration.ofSeconds(idleLimitSeconds));
            total += failed;
        } while (failed == IdleTaskScan.batchSize());
        return total;
    }
}
