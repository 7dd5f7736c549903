package agentmesh.web.limits;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("G7")
class AdmissionLimitTest {

    private static final long MS = 1_000_000L;

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

        CompletableFuture<Boolean> waiting = CompletableFuture.supplyAsync(() -> acquire(limit, 5_000 * MS));
        limit.release();

        assertTrue(waiting.get(5, TimeUnit.SECONDS));
    }

    @Test
    void onlySoManyWaitSoAFloodIsRefusedAtOnce() throws Exception {
        AdmissionLimit limit = new AdmissionLimit(1, 1);
        assertTrue(limit.acquire(0));
        CompletableFuture<Boolean> first = CompletableFuture.supplyAsync(() -> acquire(limit, 5_000 * MS));
        await().until(() -> limit.waiting() == 1);

        long start = System.nanoTime();
        boolean second = limit.acquire(5_000 * MS);

        assertFalse(second, "a second waiter where one may wait");
        assertTrue(System.nanoTime() - start < 1_000 * MS, "refused without waiting");
        limit.release();
        assertTrue(first.get(5, TimeUnit.SECONDS));
    }

    @Test
    void whileTheQueueStandsARequestIsRefusedAtOnceAndWaitsAgainOnceItMoves() throws Exception {
        AdmissionLimit limit = new AdmissionLimit(1, 4);
        assertTrue(limit.acquire(0));
        CompletableFuture<Boolean> first = CompletableFuture.supplyAsync(() -> acquire(limit, 5_000 * MS));
        await().until(() -> limit.waiting() == 1);
        assertFalse(limit.acquire(600 * MS), "no place came free in the second's 600 ms");

        long start = System.nanoTime();
        boolean third = limit.acquire(1_000 * MS);

        assertFalse(third, "a request behind a queue whose last waited 600 ms in vain, over half its 1-s wait");
        assertTrue(System.nanoTime() - start < 500 * MS, "refused without waiting");
        limit.release(); // the first takes it, and the queue is empty
        assertTrue(first.get(5, TimeUnit.SECONDS));
        CompletableFuture<Boolean> fourth = CompletableFuture.supplyAsync(() -> acquire(limit, 1_000 * MS));
        await().until(() -> limit.waiting() == 1);
        limit.release();
        assertTrue(fourth.get(5, TimeUnit.SECONDS), "an empty queue takes a waiter again");
    }

    @Test
    void aQueueThatMovesKeepsTakingWaiters() throws Exception {
        AdmissionLimit limit = new AdmissionLimit(1, 4);
        assertTrue(limit.acquire(0));
        CompletableFuture<Boolean> first = CompletableFuture.supplyAsync(() -> acquire(limit, 5_000 * MS));
        CompletableFuture<Boolean> second = CompletableFuture.supplyAsync(() -> acquire(limit, 5_000 * MS));
        await().until(() -> limit.waiting() == 2);
        limit.release();
        await().until(() -> limit.waiting() == 1);

        CompletableFuture<Boolean> third = CompletableFuture.supplyAsync(() -> acquire(limit, 5_000 * MS));
        await().until(() -> limit.waiting() == 2);
        limit.release();
        limit.release();
        limit.release();

        assertTrue(first.get(5, TimeUnit.SECONDS) && second.get(5, TimeUnit.SECONDS) && third.get(5, TimeUnit.SECONDS));
    }

    private static boolean acquire(AdmissionLimit limit, long waitNanos) {
        try {
            return limit.acquire(waitNanos);
        } catch (InterruptedException e) {
            return false;
        }
    }
}
