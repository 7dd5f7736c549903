package agentmesh.retry;

import java.time.Duration;

/**
 * When failed work is tried again, and when it is given up on: the one rule of every retry loop of the mesh (the
 * outbox's publishes, both inbox consumers' deliveries, the outbound relays' calls). After the n-th failure in a row
 * the work waits {@code firstWait × 2^(n-1)}, at most {@code maxWait}; once {@code maxAttempts} failures of its own
 * are counted ({@link Attempts#counted()}) it is parked: dead-lettered for an admin to replay, so that the work behind
 * it moves on. Failures of the surroundings (a database, a broker, a server out of reach) make the wait grow but are
 * not counted: they would park healthy work during an outage.
 *
 * <p>No jitter: each loop retries one head of a queue (a recipient's event, a partition's record, a target's event),
 * and the heads fail at different moments, so their retries do not fall in step.
 */
public record RetryPolicy(Duration firstWait, Duration maxWait, int maxAttempts) {

    // 2^30 × any sane first wait is past any sane cap, and shifts no further can overflow
    private static final int MAX_DOUBLINGS = 30;

    public RetryPolicy {
        if (firstWait.isNegative() || firstWait.isZero() || maxWait.compareTo(firstWait) < 0 || maxAttempts < 1) {
            throw new IllegalArgumentException("a retry policy needs 0 < firstWait <= maxWait and maxAttempts >= 1");
        }
    }

    /** What is done after a failure: the work waits, then is tried again; or it is parked. */
    public sealed interface Decision {}

    /** Try again once {@code delay} is over. */
    public record RetryAfter(Duration delay) implements Decision {}

    /** Give up on the work: dead-letter it, and let what waits behind it move on. */
    public record Park() implements Decision {}

    private static final Park PARK = new Park();

    /** After these failures (the last one included): retry after the schedule's wait, or park. */
    public Decision after(Attempts attempts) {
        return parks(attempts) ? PARK : new RetryAfter(waitAfter(attempts.tries()));
    }

    /** Whether the work has failed on its own as often as it may. */
    public boolean parks(Attempts attempts) {
        return attempts.counted() >= maxAttempts;
    }

    /** The wait after the n-th failure in a row (1 for the first). */
    public Duration waitAfter(int failures) {
        int doublings = Math.min(Math.max(failures, 1) - 1, MAX_DOUBLINGS);
        Duration wait = firstWait.multipliedBy(1L << doublings);
        return wait.compareTo(maxWait) > 0 ? maxWait : wait;
    }
}
