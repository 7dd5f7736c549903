package agentmesh.web.limits;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * How many requests may be worked on at once. One over the limit may wait a little for a place, in turn — a burst of
 * short requests (a hundred long polls opening at once) is absorbed, not refused — but only so many wait, and only
 * while the queue moves: otherwise the answer is no, at once. The queue stands when the last wait to end, less than a
 * wait ago, took more than half the wait allowed (a flood, not a burst: places come free slower than requests come);
 * while it stands and others wait, a request that finds no place free is refused at once — under a flood, a queue
 * that never filled but whose tail timed out refused every request only after its whole wait. Under a flood the
 * server so keeps working on what its cores and its database get through, a place taken as soon as one comes free,
 * and refuses the rest without a queue building anywhere.
 */
final class AdmissionLimit {

    private final int limit;
    private final int maxWaiting;
    private final Semaphore places;
    private final AtomicInteger waiting = new AtomicInteger();
    private final LongSupplier nanoTime;
    private volatile Wait lastWait = new Wait(0, 0);

    /** How long the last wait to end took, and when it ended. */
    private record Wait(long tookNanos, long endedNanos) {}

    AdmissionLimit(int limit, int maxWaiting) {
        this(limit, maxWaiting, System::nanoTime);
    }

    AdmissionLimit(int limit, int maxWaiting, LongSupplier nanoTime) {
        this.limit = limit;
        this.maxWaiting = maxWaiting;
        this.places = new Semaphore(limit, true);
        this.nanoTime = nanoTime;
    }

    /** Takes a place, waiting up to {@code waitNanos} for one; false when none came free in time. */
    boolean acquire(long waitNanos) throws InterruptedException {
        if (places.tryAcquire(0, TimeUnit.NANOSECONDS)) { // in turn: a place freed goes to the longest waiting
            return true;
        }
        if (waiting.get() > 0 && standing(waitNanos)) {
            return false;
        }
        if (waiting.incrementAndGet() > maxWaiting) {
            waiting.decrementAndGet();
            return false;
        }
        long start = nanoTime.getAsLong();
        try {
            boolean admitted = places.tryAcquire(waitNanos, TimeUnit.NANOSECONDS);
            long end = nanoTime.getAsLong();
            lastWait = new Wait(admitted ? end - start : waitNanos, end);
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

    private boolean standing(long waitNanos) {
        Wait last = lastWait;
        return last.tookNanos() > waitNanos / 2 && nanoTime.getAsLong() - last.endedNanos() < waitNanos;
    }
}
