package agentmesh.system.abuse;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/** Paces an attacker's threads to a rate in all: each call waits for the next free slot and returns its time. */
final class Pace {

    private final long intervalNanos;
    private final AtomicLong nextSlot = new AtomicLong(System.nanoTime());

    Pace(int perSecond) {
        this.intervalNanos = 1_000_000_000L / perSecond;
    }

    /** Waits until this caller's slot (a generator's pacing, not a test's wait on the server) and returns it. */
    long next() {
        long now = System.nanoTime();
        // A slot missed while the caller's request was out is not made up for in a burst.
        long slot = nextSlot.updateAndGet(last -> Math.max(last, now) + intervalNanos) - intervalNanos;
        long wait = slot - now;
        if (wait > 0) {
            LockSupport.parkNanos(wait);
        }
        return slot;
    }
}
