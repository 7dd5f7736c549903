package agentmesh.web.limits;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How many requests may be worked on at once. One over the limit may wait a little for a place — a burst of short
 * requests (a hundred long polls opening at once) is absorbed, not refused — but only so many wait, and only while
 * the queue moves: past that the answer is no, at once. The queue stands when the last request to get a place after
 * waiting had waited more than half the wait allowed (a flood, not a burst: places come free slower than requests
 * come); while it stands and others wait, a request that finds no place free is refused at once instead of waiting
 * its whole wait to be refused (under a flood every refusal came after the full wait). Under a flood the server so
 * keeps working on what its cores and its database get through, each admitted request waiting at most half the wait
 * behind the others admitted, and refuses the rest at once without a queue building anywhere.
 */
final class AdmissionLimit {

    private final int limit;
    private final int maxWaiting;
    private final Semaphore places;
    private final AtomicInteger waiting = new AtomicInteger();
    private volatile long lastWaitNanos;

    AdmissionLimit(int limit, int maxWaiting) {
        this.limit = limit;
        this.maxWaiting = maxWaiting;
        this.places = new Semaphore(limit, true);
    }

    /** Takes a place, waiting up to {@code waitNanos} for one; false when none came free in time. */
    boolean acquire(long waitNanos) throws InterruptedException {
        if (places.tryAcquire()) {
            return true;
        }
        if (waiting.get() > 0 && lastWaitNanos > waitNanos / 2) {
            return false; // a standing queue: this request would wait its whole wait to be refused
        }
        if (waiting.incrementAndGet() > maxWaiting) {
            waiting.decrementAndGet();
            return false;
        }
        long start = System.nanoTime();
        try {
            boolean admitted = places.tryAcquire(waitNanos, TimeUnit.NANOSECONDS);
            lastWaitNanos = admitted ? System.nanoTime() - start : waitNanos;
            return admitted;
        } finally {
            waiting.decrementAndGet();
        }
    }

    void release() {
        places.release();
    }

    /** Requests waiting for a place now. */
    int waiting() {
        return waiting.get();
    }

    /** Requests being worked on now. */
    int inUse() {
        return limit - places.availablePermits();
    }
}
