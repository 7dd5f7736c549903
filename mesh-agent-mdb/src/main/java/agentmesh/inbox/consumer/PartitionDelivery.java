package agentmesh.inbox.consumer;

import agentmesh.inbox.control.DeadLetters;
import agentmesh.inbox.control.InboxDelivery;
import agentmesh.inbox.control.InboxMetrics;
import agentmesh.retry.Attempts;
import agentmesh.testfaults.DeliveryFaults;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Delivers a partition's records before it returns, for a consumer that hands records over and waits until they are
 * done with before it acknowledges them (the Reactive Messaging consumer). It keeps {@link ConsumerLoop}'s policy,
 * waiting where the loop pauses the partition instead: the records at once, in one transaction; should that fail by
 * the surroundings' fault ({@link DeliveryFailure}), all of them again after the wait; by their own, one by one,
 * each in its own, so that a record that cannot be delivered is retried and parked alone while the ones before it
 * are done. Waits follow the consumer's {@link ConsumerSettings#retryPolicy}; after
 * {@code mesh.consumer.max-attempts} failures of its own (not of the surroundings: database away, lock timeouts) a
 * record is parked as a dead letter and the next one follows.
 *
 * <p>The consumer's own threads may have no container context (the connector's event loop): it hands its work over
 * to this bean's one container thread ({@link #inTurn}), which runs it in the order handed over.
 */
@ApplicationScoped
public class PartitionDelivery {

    private static final Logger LOG = Logger.getLogger(PartitionDelivery.class.getName());
    private static final Duration HELD_CHECK = Duration.ofMillis(200);

    @EJB
    InboxDelivery delivery;

    @EJB
    DeadLetters deadLetters;

    @Inject
    DeliveryFaults faults;

    @Inject
    InboxMetrics metrics;

    @Inject
    ConsumerSettings settings;

    // Injected, not looked up: the bean may be made on a thread without a naming context.
    @Resource
    ManagedThreadFactory threads;

    private Deliveries deliveries;
    private ExecutorService worker;
    private volatile boolean stopping;

    /** Thrown when the application stops while a record waits for its next try: it is left unacknowledged. */
    public static final class Stopped extends RuntimeException {
        Stopped() {
            super("the application is stopping; the records are left to the partition's next consumer");
        }
    }

    PartitionDelivery() {}

    PartitionDelivery(Deliveries deliveries, ConsumerSettings settings) {
        this.deliveries = deliveries;
        this.settings = settings;
    }

    @PostConstruct
    void start() {
        deliveries = new ContainerDeliveries(delivery, deadLetters, faults, metrics);
        worker = Executors.newSingleThreadExecutor(threads);
    }

    /** Runs the work on this bean's container thread, after all work handed over before it. */
    public CompletableFuture<Void> inTurn(Runnable work) {
        return CompletableFuture.runAsync(work, worker);
    }

    /**
     * Delivers the records (one partition's, in offset order), returning when each is delivered, was a duplicate,
     * or is parked.
     *
     * @throws Stopped when the application stops first
     */
    public void deliver(List<PolledRecord> records) {
        Attempts batch = Attempts.NONE;
        while (true) {
            while (deliveries.held()) {
                waitBeforeTry(HELD_CHECK);
            }
            try {
                deliveries.deliverAll(
                        records.stream().map(PolledRecord::inboxRecord).toList());
                return;
            } catch (RuntimeException e) {
                DeliveryFailure failure = DeliveryFailure.of(e);
                if (failure.ownFault()) {
                    LOG.fine(() -> "Delivering " + records.size() + " records from " + records.get(0)
                            + " at once failed (" + failure.cause() + "); one by one now");
                    break;
                }
                batch = batch.failed(false);
                waitBeforeTry(settings.retryPolicy().waitAfter(batch.tries()));
            }
        }
        // The batch's tries were its first record's too, as the loop counts them for the record at its head.
        deliverOrPark(records.get(0), batch);
        records.subList(1, records.size()).forEach(record -> deliverOrPark(record, Attempts.NONE));
    }

    private void deliverOrPark(PolledRecord record, Attempts before) {
        Attempts attempts = before;
        while (true) {
            try {
                deliveries.deliver(record.inboxRecord());
                return;
            } catch (RuntimeException e) {
                DeliveryFailure failure = DeliveryFailure.of(e);
                attempts = attempts.failed(failure.ownFault());
                Attempts now = attempts;
                LOG.fine(() -> "Delivery of " + record + " failed (try " + now.tries() + "): " + failure.cause());
                if (settings.retryPolicy().parks(now) && parked(record, failure.cause(), now.counted())) {
                    return;
                }
                waitBeforeTry(settings.retryPolicy().waitAfter(now.tries()));
            }
        }
    }

    private boolean parked(PolledRecord record, Throwable cause, int attempts) {
        try {
            deliveries.park(record, cause, attempts);
            LOG.warning(() -> "Parked " + record + " as a dead letter after " + attempts + " attempts: " + cause);
            return true;
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not park a dead letter; the record is tried again", e);
            return false;
        }
    }

    // Waits on the monitor, not in a sleep: stop() cuts the wait short.
    private synchronized void waitBeforeTry(Duration backoff) {
        try {
            if (!stopping) {
                wait(backoff.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Stopped();
        }
        if (stopping) {
            throw new Stopped();
        }
    }

    @PreDestroy
    void stop() {
        wakeWaiting();
        if (worker != null) {
            worker.shutdown();
        }
    }

    synchronized void wakeWaiting() {
        stopping = true;
        notifyAll();
    }
}
