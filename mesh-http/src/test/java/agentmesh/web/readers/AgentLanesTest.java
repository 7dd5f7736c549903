package agentmesh.web.readers;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class AgentLanesTest {

    private final ExecutorService pool = Executors.newFixedThreadPool(2);
    private final AgentLanes lanes = new AgentLanes(pool);

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    @Test
    void anAgentsTasksRunInOrderAndNeverTwoAtOnce() {
        List<Integer> ran = new CopyOnWriteArrayList<>();
        AtomicInteger running = new AtomicInteger();
        AtomicInteger mostAtOnce = new AtomicInteger();

        IntStream.range(0, 200)
                .forEach(i -> lanes.execute("alice", () -> {
                    mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
                    ran.add(i);
                    running.decrementAndGet();
                }));

        await().atMost(Duration.ofSeconds(5)).until(() -> ran.size() == 200);
        assertEquals(IntStream.range(0, 200).boxed().toList(), ran);
        assertEquals(1, mostAtOnce.get());
        await().atMost(Duration.ofSeconds(5)).until(() -> lanes.busy() == 0);
    }

    @Test
    void anAgentWhoseTaskBlocksHoldsUpOnlyItsOwnLane() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch othersDone = new CountDownLatch(20);
        lanes.execute("mallory", () -> awaitQuietly(release));
        lanes.execute("mallory", () -> awaitQuietly(release));

        IntStream.range(0, 20).forEach(i -> lanes.execute("agent-" + (i % 5), othersDone::countDown));

        assertTrue(othersDone.await(5, TimeUnit.SECONDS), "the others' tasks waited");
        // The others' lanes close just after their last task: only mallory's stays.
        await().atMost(Duration.ofSeconds(5)).until(() -> lanes.busy() == 1);
        release.countDown();
        await().atMost(Duration.ofSeconds(5)).until(() -> lanes.busy() == 0);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
