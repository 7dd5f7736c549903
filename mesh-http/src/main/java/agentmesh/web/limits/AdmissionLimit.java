package agentmesh.web.limits;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How many requests may be worked on at once. One over the limit may wait a little for a place — a burst of short
 * requests (a hundred long polls opening at once) is absorbed, not refused — but only so many wait: past that, and
 * once a wait is over, the answer is no, at once. Under a flood the server so keeps working on what its cores and
 * its database get through, each admitted request waiting at most behind the others admitted (the limit over the
 * throughput: some tens of milliseconds), and refuses the rest without a queue building anywhere.
 */
final class AdmissionLimit {

    private final int limit;
    private final int maxWaiting;
    private final Semaphore places;
    private final AtomicInteger waiting = new AtomicInteger();

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
        if (waiting.incrementAndGet() > maxWaiting) {
            waiting.decrementAndGet();
            return false;
        }
        try {
            return places.tryAcquire(waitNanos, TimeUnit.NANOSECONDS);
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
