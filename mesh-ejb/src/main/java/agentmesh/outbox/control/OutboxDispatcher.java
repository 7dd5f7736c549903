package agentmesh.outbox.control;

import agentmesh.platform.RecentFaults;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs dispatch rounds on one container thread of its own whenever there may be work: right after a transaction that
 * wrote outbox events commits, and on every sweep. Triggers coalesce: however many arrive while a round runs, one
 * more round follows. Rounds repeat while they find events, so a backlog drains without waiting for the sweep. A
 * trigger is a flag and a wake-up: it costs a committing sender nothing. When a round finds Kafka out of reach, the
 * dispatcher waits the retry base ({@code mesh.outbox.backoff-base-ms}) before the next round, whatever triggers
 * arrive: the events wait in the table unchanged, and go out within that time once the broker is back.
 */
@ApplicationScoped
public class OutboxDispatcher {

    private static final Logger LOG = Logger.getLogger(OutboxDispatcher.class.getName());

    @Resource
    ManagedThreadFactory threadFactory;

    @EJB
    OutboxBatch batch;

    @Inject
    RecentFaults faults;

    @Inject
    OutboxConfig config;

    @Inject
    OutboxMetrics metrics;

    private final AtomicBoolean wanted = new AtomicBoolean();
    private volatile boolean stopped;
    private boolean brokerReachable = true;
    private Thread thread;

    @PostConstruct
    void start() {
        thread = threadFactory.newThread(this::run);
        thread.setName("mesh-outbox-dispatcher");
        thread.start();
    }

    @PreDestroy
    void stop() {
        stopped = true;
        LockSupport.unpark(thread);
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Asks for a dispatch round soon; returns at once. */
    public void trigger() {
        if (!wanted.getAndSet(true)) {
            LockSupport.unpark(thread);
        }
    }

    private void run() {
        while (!stopped) {
            if (!wanted.getAndSet(false)) {
                LockSupport.park(this);
                continue;
            }
            OutboxBatch.Round round;
            do {
                round = round();
            } while (!stopped && round.published() > 0 && !round.brokerUnavailable());
            brokerReachable(!round.brokerUnavailable());
            if (round.brokerUnavailable()) {
                pause(config.retryPolicy().base());
                wanted.set(true);
            }
        }
    }

    private OutboxBatch.Round round() {
        long start = System.nanoTime();
        try {
            return batch.dispatch();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Dispatch round failed; the sweep tries again", e);
            return OutboxBatch.Round.NOTHING;
        } finally {
            metrics.round(Duration.ofNanos(System.nanoTime() - start));
        }
    }

    // An unreachable broker is said once when it goes and once when it is back, not at every round.
    private void brokerReachable(boolean reachable) {
        if (reachable == brokerReachable) {
            return;
        }
        brokerReachable = reachable;
        if (reachable) {
            LOG.info("Kafka is reachable again; dispatching");
        } else {
            metrics.brokerUnavailable();
            faults.record(RecentFaults.Kind.BROKER_UNAVAILABLE, "Kafka is out of reach; events wait in the outbox");
            LOG.warning(() -> "Kafka is out of reach; the outbox keeps every event and tries again every "
                    + config.retryPolicy().base().toMillis() + " ms");
        }
    }

    // Triggers during the pause change nothing: the broker gets the time before the next try.
    private void pause(Duration pause) {
        long until = System.nanoTime() + pause.toNanos();
        long left;
        while (!stopped && (left = until - System.nanoTime()) > 0) {
            LockSupport.parkNanos(this, left);
        }
    }
}
