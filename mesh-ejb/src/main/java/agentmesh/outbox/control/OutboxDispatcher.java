package agentmesh.outbox.control;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.EJB;
import jakarta.ejb.Singleton;
import jakarta.enterprise.concurrent.ManagedExecutorService;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs dispatch rounds on one container thread whenever there may be work: right after a transaction that wrote
 * outbox events commits, and on every sweep. Triggers coalesce: however many arrive while a round runs, one more
 * round follows. Rounds repeat while they find events, so a backlog drains without waiting for the sweep.
 */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class OutboxDispatcher {

    private static final Logger LOG = Logger.getLogger(OutboxDispatcher.class.getName());

    @Resource
    ManagedExecutorService executor;

    @EJB
    OutboxBatch batch;

    private final AtomicBoolean wanted = new AtomicBoolean();
    private final AtomicBoolean running = new AtomicBoolean();
    private volatile boolean stopped;

    /** Asks for a dispatch round soon; returns at once. */
    public void trigger() {
        wanted.set(true);
        if (!stopped && running.compareAndSet(false, true)) {
            try {
                executor.execute(this::drain);
            } catch (RejectedExecutionException e) {
                running.set(false); // shutting down; the next start's sweep takes over
            }
        }
    }

    private void drain() {
        try {
            while (!stopped && (wanted.getAndSet(false) | dispatchedSomething())) {
                // keep going: either new events were announced or the last round found work
            }
        } finally {
            running.set(false);
        }
        if (wanted.get()) {
            trigger(); // a trigger arrived between the last check and clearing running
        }
    }

    private boolean dispatchedSomething() {
        try {
            return batch.dispatch() > 0;
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Dispatch round failed; the sweep tries again", e);
            return false;
        }
    }

    @PreDestroy
    void stop() {
        stopped = true;
    }
}
