package agentmesh.client;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How often and how patiently a request that may be repeated safely is tried again: after a 503 or 429 (waiting what
 * {@code Retry-After} says), after a connection that failed, and after an error that is not a problem document (a
 * server still starting answers with its own error pages). Otherwise the wait doubles from {@code firstBackoff} up
 * to {@code maxBackoff}, with jitter so that many clients do not return at the same instant.
 */
public record RetryPolicy(int maxAttempts, Duration firstBackoff, Duration maxBackoff) {

    /** 10 attempts, 200 ms doubling to 5 s: about half a minute in all. */
    public static final RetryPolicy DEFAULT = new RetryPolicy(10, Duration.ofMillis(200), Duration.ofSeconds(5));

    /** One attempt; the caller sees every failure. */
    public static final RetryPolicy NONE = new RetryPolicy(1, Duration.ZERO, Duration.ZERO);

    public RetryPolicy {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1");
        }
    }

    /** The wait before attempt {@code attempt + 1} (attempt counts from 1), without a {@code Retry-After}. */
    Duration backoff(int attempt) {
        long cap = maxBackoff.toMillis();
        long exponential = Math.min(cap, firstBackoff.toMillis() << Math.min(attempt - 1, 20));
        return Duration.ofMillis(exponential / 2 + ThreadLocalRandom.current().nextLong(exponential / 2 + 1));
    }
}
