package agentmesh.outbox.control;

import agentmesh.operations.RecentFaults;
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
 * more round follows. A round that published up to its bounds is followed by another at once, so a backlog drains
 * without waiting for the sweep; one that stopped short took everything due when it read the table, and whatever has
 * committed since has triggered a round of its own (an empty repeat would cost a transaction and a read). Otherwise a
 * round starts no sooner than {@code mesh.outbox.linger-ms} after the previous one started: under load the events of
 * several sends share its read, its Kafka transaction and the consumers' fetch of it, at the price of that wait; after
 * a quiet spell it starts at once. A trigger is a flag and a wake-up: it costs a committing sender nothing. When a
 * round finds Kafka out of reach, no round runs until the producer's handshake with the broker goes through again, or
 * the retry base ({@code mesh.outbox.backoff-base-ms}) is over, whatever triggers arrive: the events wait in the table
 * unchanged, and the first round after an outage starts as soon as the broker answers, outside any database
 * transaction.
 */
@ApplicationScoped
public class OutboxDispatcher {

    private static final Logger LOG = Logger.getLogger(OutboxDispatcher.class.getName());
    private static final Duration BROKER_TRY_PAUSE = Duration.ofMillis(500);

    @Resource
    ManagedThreadFactory threadFactory;

    @EJB
    OutboxBatch batch;

    @Inject
    KafkaPublisher publisher;

    @Inject
    RecentFaults faults;

    @Inject
    OutboxConfig config;

    @Inject
    OutboxMetrics metrics;

    private final AtomicBoolean wanted = new AtomicBoolean();
    private volatile boolean stopped;
    private boolean brokerReachable = true;
    private long lastRoundStart;
    private Thread thread;

    @PostConstruct
    void start() {
        lastRoundStart = System.nanoTime() - config.linger().toNanos();
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
            linger();
            if (stopped) {
                break;
            }
            wanted.set(false); // the round reads the table after every commit that triggered meanwhile
            OutboxBatch.Round round;
            do {
                round = round();
            } while (!stopped
                    && round != null
                    && round.published() > 0
                    && round.mayHaveMore()
                    && !round.brokerUnavailable());
            if (round == null) {
                continue; // the round failed on something else (the database, say): it tells nothing of the broker
            }
            brokerReachable(!round.brokerUnavailable());
            if (round.brokerUnavailable()) {
                awaitBroker(config.retryPolicy().firstWait());
                wanted.set(true);
            }
        }
    }

    private void linger() {
        long until = lastRoundStart + config.linger().toNanos();
        long left;
        while (!stopped && (left = until - System.nanoTime()) > 0) {
            LockSupport.parkNanos(this, left); // a trigger's wake-up ends a park early: wait out the rest
        }
    }

    /** The round's outcome, or null if it failed otherwise than on the broker (logged here). */
    private OutboxBatch.Round round() {
        long start = System.nanoTime();
        lastRoundStart = start;
        try {
            return batch.dispatch();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Dispatch round failed; the sweep tries again", e);
            return null;
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
            LOG.warning("Kafka is out of reach; the outbox keeps every event and publishes again as soon as the"
                    + " broker answers");
        }
    }

    // Each try of the handshake waits up to the producer's max.block.ms, and a failed one is followed by a short pause
    // in which the request it sent may still go through. Triggers meanwhile change nothing.
    private void awaitBroker(Duration atMost) {
        long until = System.nanoTime() + atMost.toNanos();
        long left;
        while (!stopped && (left = until - System.nanoTime()) > 0 && !publisher.ready()) {
            LockSupport.parkNanos(this, Math.min(left, BROKER_TRY_PAUSE.toNanos()));
        }
    }
}
