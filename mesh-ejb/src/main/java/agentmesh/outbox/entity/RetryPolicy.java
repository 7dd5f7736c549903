package agentmesh.outbox.entity;

import java.time.Duration;

/**
 * When a refused publish is tried again: after the n-th refused attempt, {@code base × 2^n}, at most {@code max};
 * after {@code maxAttempts} refused attempts the event is dead.
 */
public record RetryPolicy(Duration base, Duration max, int maxAttempts) {

    /** The longest error kept with an event (its column's width). */
    static final int MAX_ERROR_LENGTH = 1000;

    public RetryPolicy {
        if (base.isNegative() || base.isZero() || max.compareTo(base) < 0 || maxAttempts < 1) {
            throw new IllegalArgumentException("retry policy needs 0 < base <= max and maxAttempts >= 1");
        }
    }

    /** What a refusal makes of an event: its count of attempts, dead or when to try again, and the error kept. */
    public record Refusal(int attempts, boolean dead, Duration delay, String error) {
    }

    /**
     * The event had {@code attemptsBefore} refused attempts and was refused again with {@code error}; refused
     * {@code forGood} (it can never be published), it is dead at once.
     */
    public Refusal refused(int attemptsBefore, String error, boolean forGood) {
        int attempts = attemptsBefore + 1;
        String kept = error == null ? null : error.substring(0, Math.min(error.length(), MAX_ERROR_LENGTH));
        return new Refusal(attempts, forGood || isDead(attempts), delayAfter(attempts), kept);
    }

    /** The delay after the given number of failed attempts (1 for the first failure). */
    public Duration delayAfter(int failedAttempts) {
        int exponent = Math.min(failedAttempts, 30); // 2^30 × base overflows nothing and is past any sane cap
        Duration delay = base.multipliedBy(1L << exponent);
        return delay.compareTo(max) > 0 ? max : delay;
    }

    public boolean isDead(int failedAttempts) {
        return failedAttempts >= maxAttempts;
    }
}
