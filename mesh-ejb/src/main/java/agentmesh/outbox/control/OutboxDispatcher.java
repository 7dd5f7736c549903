package agentmesh.outbox.control;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs dispatch rounds on one container thread of its own whenever there may be work: right after a transaction that
 * wrote outbox events commits, and on every sweep. Triggers coalesce: however many arrive while a round runs, one
 * more round follows. Rounds repeat while they find events, so a backlog drains without waiting for the sweep. A
 * trigger is a flag and a wake-up: it costs a committing sender nothing.
 */
@ApplicationScoped
public class OutboxDispatcher {

    private static final Logger LOG = Logger.getLogger(OutboxDispatcher.class.getName());

    @Resource
    ManagedThreadFactory threadFactory;

    @EJB
    OutboxBatch batch;

    private final AtomicBoolean wanted = new AtomicBoolean();
    private volatile boolean stopped;
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
            while (!stopped && dispatchedSomething()) {
                // keep going while rounds find work; new triggers meanwhile are served by the next pass
            }
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
}
