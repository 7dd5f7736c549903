package agentmesh.outbox.control;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.operations.RecentFaults;
import agentmesh.operations.metrics.MeshMeters;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OutboxDispatcherTest {

    private static final Duration LINGER = Duration.ofSeconds(1);

    private final List<Long> roundStarts = new CopyOnWriteArrayList<>();
    private final OutboxDispatcher dispatcher = new OutboxDispatcher();
    private volatile Thread thread;
    private volatile int full;

    OutboxDispatcherTest() {
        dispatcher.threadFactory = new ManagedThreadFactory() {
            @Override
            public Thread newThread(Runnable task) {
                thread = new Thread(task, "dispatcher-test");
                thread.setDaemon(true);
                return thread;
            }

            @Override
            public ForkJoinWorkerThread newThread(ForkJoinPool pool) {
                return ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
            }
        };
        dispatcher.batch = new OutboxBatch() {
            @Override
            public Round dispatch() {
                roundStarts.add(System.nanoTime());
                // the first rounds (as many as full says) published up to their bounds, the next stopped short
                return new Round(1, roundStarts.size() <= full, false);
            }
        };
        dispatcher.config = new OutboxConfig();
        dispatcher.config.lingerMillis = LINGER.toMillis();
        dispatcher.metrics = new OutboxMetrics();
        dispatcher.metrics.meters = new MeshMeters();
        dispatcher.metrics.register();
        dispatcher.faults = new RecentFaults();
        dispatcher.start();
    }

    @AfterEach
    void stop() {
        dispatcher.stop();
    }

    @Test
    void aTriggerAfterAQuietSpellStartsARoundAtOnceAndTriggersSoonAfterShareOneAfterTheLinger() {
        long triggered = System.nanoTime();
        dispatcher.trigger();
        await().until(() -> roundStarts.size() == 1);
        assertTrue(roundStarts.get(0) - triggered < LINGER.toNanos() / 2, "the first round waited for the linger");

        dispatcher.trigger();
        await().until(() -> thread.getState() == Thread.State.TIMED_WAITING); // lingering
        dispatcher.trigger();
        await().atMost(Duration.ofSeconds(10)).until(() -> roundStarts.size() == 2);
        // The round's start is taken just before dispatch() is called: a few ms of leeway for a loaded machine.
        assertTrue(
                roundStarts.get(1) - roundStarts.get(0)
                        >= LINGER.minusMillis(50).toNanos(),
                "the second round started before the linger was over");
        await().during(LINGER.multipliedBy(3).dividedBy(2))
                .atMost(Duration.ofSeconds(5))
                .until(() -> roundStarts.size() == 2); // the trigger made while lingering made no round of its own
    }

    @Test
    void aRoundThatPublishedUpToItsBoundsIsFollowedAtOnce() {
        full = 3;
        long triggered = System.nanoTime();
        dispatcher.trigger();
        await().until(() -> roundStarts.size() == 4);
        assertTrue(
                roundStarts.get(3) - triggered < LINGER.toNanos() / 2, "the rounds of a backlog waited for the linger");
    }

    @Test
    void aDispatcherStoppedWhileLingeringRunsNoMoreRounds() {
        dispatcher.trigger();
        await().until(() -> roundStarts.size() == 1);
        dispatcher.trigger();
        await().until(() -> thread.getState() == Thread.State.TIMED_WAITING);
        dispatcher.stop();
        assertFalse(thread.isAlive(), "the dispatcher's thread ended");
        assertEquals(1, roundStarts.size());
    }
}
