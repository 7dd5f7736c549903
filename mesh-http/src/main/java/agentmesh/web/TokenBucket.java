package agentmesh.web;

import java.time.Duration;
import java.time.Instant;

/**
 * A token bucket: holds up to {@code capacity} tokens, refilled continuously at {@code perSecond}; a request takes
 * one. Time is passed in, so the bucket is a pure calculation.
 */
public final class TokenBucket {

    private final double capacity;
    private final double perSecond;
    private double tokens;
    private Instant last;

    public TokenBucket(double capacity, double perSecond, Instant now) {
        this.capacity = capacity;
        this.perSecond = perSecond;
        this.tokens = capacity;
        this.last = now;
    }

    /** Takes a token if there is one; otherwise says how long until there will be. */
    public synchronized Duration take(Instant now) {
        return take(1, now);
    }

    /** Takes {@code amount} tokens if there are so many; otherwise says how long until there will be. */
    public synchronized Duration take(double amount, Instant now) {
        refill(now);
        if (tokens >= amount) {
            tokens -= amount;
            return Duration.ZERO;
        }
        return Duration.ofNanos((long) Math.ceil((amount - tokens) / perSecond * 1e9));
    }

    /**
     * Takes {@code amount} tokens now, whether or not there are so many: a cost known only afterwards (the bytes of
     * an answer) is charged as it comes, and a bucket in debt refuses until refilled past it.
     */
    public synchronized void charge(double amount, Instant now) {
        refill(now);
        tokens = Math.min(capacity, tokens - amount); // a negative charge, a refund, fills no more than full
    }

    /** How long until a token is there (zero: now), taking none. */
    public synchronized Duration waitAt(Instant now) {
        refill(now);
        return tokens >= 1 ? Duration.ZERO : Duration.ofNanos((long) Math.ceil((1 - tokens) / perSecond * 1e9));
    }

    /** Whether the bucket has refilled completely: then it is no different from a new one. */
    public synchronized boolean isFullAt(Instant now) {
        refill(now);
        return tokens >= capacity;
    }

    private void refill(Instant now) {
        if (now.isAfter(last)) {
            tokens = Math.min(capacity, tokens + Duration.between(last, now).toNanos() / 1e9 * perSecond);
            last = now;
        }
    }
}
