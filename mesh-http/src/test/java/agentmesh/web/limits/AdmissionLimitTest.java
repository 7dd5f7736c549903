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

    private static boolean acquire(AdmissionLimit limit, long waitNanos) {
        try {
            return limit.acquire(waitNanos);
        } catch (InterruptedException e) {
            return false;
        }
    }
}
