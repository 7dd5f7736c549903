package agentmesh.web.limits;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("G7")
class AdmissionLimitTest {

    private static final long MS = 1_000_000L;
    // Waiters block: threads of their own, whatever the common pool's size on this machine.
    private static final ExecutorService THREADS = Executors.newCachedThreadPool();

    @Test
    void admitsUpToTheLimitAndRefusesTheNextOnceItsWaitIsOver() throws Exception {
        AdmissionLimit limit = new AdmissionLimit(2, 2);

        assertTrue(limit.acquire(0));
        assertTrue(limit.acquire(0));
        assertFalse(limit.acquire(5 * MS));
        assertEquals(2, limit.inUse());
    }

    @Test
    void aPlaceFreedWhileARequestWaitsIsItsToTake() throws Exception {
        AdmissionLimit limit = new AdmissionLimit(1, 1);
        assertTrue(limit.acquire(0));

        CompletableFuture<Boolean> waiting = CompletableFuture.supplyAsync(() -> acquire(limit, 5_000 * MS), THREADS);
        limit.release();

        assertTrue(waiting.get(5, TimeUnit.SECONDS));
    }

    @Test
    void onlySoManyWaitSoAFloodIsRefusedAtOnce() throws Exception {
        AdmissionLimit limit = new AdmissionLimit(1, 1);
        assertTrue(limit.acquire(0));
        CompletableFuture<Boolean> first = CompletableFuture.supplyAsync(() -> acquire(limit, 5_000 * MS), THREADS);
        await().until(() -> limit.waiting() == 1);

        long start = System.nanoTime();
        boolean second = limit.acquire(5_000 * MS);

        assertFalse(second, "a second waiter where one may wait");
        assertTrue(System.nanoTime() - start < 1_000 * MS, "refused without waiting");
        limit.release();
        assertTrue(first.get(5, TimeUnit.SECONDS));
    }

    @Test
    void whileTheQueueStandsARequestThatFindsNoPlaceIsRefusedAtOnce() throws Exception {
        AtomicLong now = new AtomicLong();
        AdmissionLimit limit = standingQueue(now);

        long start = System.nanoTime();
        boolean refused = limit.acquire(1_000 * MS);

        assertFalse(refused, "behind a queue whose last wait took 600 ms, over half the 1-s wait");
        assertTrue(System.nanoTime() - start < 500 * MS, "refused without waiting");
    }

    @Test
    void aStandingQueueIsForgottenAWaitAfterItsLastWaitEnded() throws Exception {
        AtomicLong now = new AtomicLong();
        AdmissionLimit limit = standingQueue(now);
        now.addAndGet(1_001 * MS);

        CompletableFuture<Boolean> later = CompletableFuture.supplyAsync(() -> acquire(limit, 1_000 * MS), THREADS);
        await().until(() -> limit.waiting() == 2);
        limit.release();
        limit.release();

        assertTrue(later.get(5, TimeUnit.SECONDS), "waited behind the other, and took the next place");
    }

    @Test
    void aShortWaitEndsTheStanding() throws Exception {
        AtomicLong now = new AtomicLong();
        AdmissionLimit limit = standingQueue(now);
        limit.release(); // the one still waiting takes it: the queue is empty
        await().until(() -> limit.waiting() == 0);
        CompletableFuture<Boolean> alone = CompletableFuture.supplyAsync(() -> acquire(limit, 5_000 * MS), THREADS);
        await().until(() -> limit.waiting() == 1); // an empty queue takes a waiter, standing or not
        limit.release(); // at once: a wait of no time

        assertTrue(alone.get(5, TimeUnit.SECONDS));
        CompletableFuture<Boolean> first = CompletableFuture.supplyAsync(() -> acquire(limit, 5_000 * MS), THREADS);
        await().until(() -> limit.waiting() == 1);
        CompletableFuture<Boolean> second = CompletableFuture.supplyAsync(() -> acquire(limit, 5_000 * MS), THREADS);
        await().until(() -> limit.waiting() == 2 || second.isDone());
        assertFalse(second.isDone(), "refused though the last wait took no time");
        limit.release();
        limit.release();
        assertTrue(first.get(5, TimeUnit.SECONDS) && second.get(5, TimeUnit.SECONDS));
    }

    /**
     * One place, taken; two waited, the first got a place after 600 ms (by {@code now}) and the second still waits
     * (for up to 5 s): the queue stands for any request that may wait 1 s.
     */
    private static AdmissionLimit standingQueue(AtomicLong now) throws Exception {
        AdmissionLimit limit = new AdmissionLimit(1, 4, now::get);
        assertTrue(limit.acquire(0));
        CompletableFuture<Boolean> first = CompletableFuture.supplyAsync(() -> acquire(limit, 5_000 * MS), THREADS);
        await().until(() -> limit.waiting() == 1);
        CompletableFuture.supplyAsync(() -> acquire(limit, 5_000 * MS), THREADS);
        await().until(() -> limit.waiting() == 2);
        now.addAndGet(600 * MS);
        limit.release();
        assertTrue(first.get(5, TimeUnit.SECONDS));
        await().until(() -> limit.waiting() == 1);
        return limit;
    }

    private static boolean acquire(AdmissionLimit limit, long waitNanos) {
        try {
            return limit.acquire(waitNanos);
        } catch (InterruptedException e) {
            return false;
        }
    }
}
