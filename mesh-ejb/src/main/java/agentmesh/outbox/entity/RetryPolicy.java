package agentmesh.outbox.entity;

import java.time.Duration;
import java.time.LocalDateTime;

/**
 * When a failed publish is tried again: after the n-th failed attempt, {@code base × 2^n}, at most {@code max};
 * after {@code maxAttempts} failed attempts the event is dead.
 */
public record RetryPolicy(Duration base, Duration max, int maxAttempts) {

    public RetryPolicy {
        if (base.isNegative() || base.isZero() || max.compareTo(base) < 0 || maxAttempts < 1) {
            throw new IllegalArgumentException("retry policy needs 0 < base <= max and maxAttempts >= 1");
        }
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

    public LocalDateTime nextAttemptAt(int failedAttempts, LocalDateTime now) {
        return now.plus(delayAfter(failedAttempts));
    }
}
