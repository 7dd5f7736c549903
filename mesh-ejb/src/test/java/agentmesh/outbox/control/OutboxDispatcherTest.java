package agentmesh.outbox.control;

import static org.awaitility.Awaitility.await;
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

    OutboxDispatcherTest() {
        dispatcher.threadFactory = new ManagedThreadFactory() {
            @Override
            public Thread newThread(Runnable task) {
                Thread thread = new Thread(task, "dispatcher-test");
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
                return new Round(1, false, false); // stopped short of its bounds: no round follows at once
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
        assertTrue(
                roundStarts.get(0) - triggered < LINGER.toNanos() / 2, "the first round did not wait for the linger");

        dispatcher.trigger();
        dispatcher.trigger();
        await().atMost(Duration.ofSeconds(10)).until(() -> roundStarts.size() == 2);
        assertTrue(
                roundStarts.get(1) - roundStarts.get(0) >= LINGER.toNanos(),
                "the second round started no sooner than the linger after the first");
        await().during(LINGER.multipliedBy(3).dividedBy(2))
                .atMost(Duration.ofSeconds(5))
                .until(() -> roundStarts.size() == 2); // the two triggers made one round
    }
}
