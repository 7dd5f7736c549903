package agentmesh.web.limits;

import java.time.Duration;
import java.time.Instant;

/**
 * A token bucket: holds up to {@code capacity} tokens, refilled continuously at {@code perSecond}; a request takes
 * one. Time is passed in, so the bucket is a pure calculation.
 */
final class TokenBucket {

    private final double capacity;
    private final double perSecond;
    private double tokens;
    private Instant last;

    TokenBucket(double capacity, double perSecond, Instant now) {
        this.capacity = capacity;
        this.perSecond = perSecond;
        this.tokens = capacity;
        this.last = now;
    }

    /** Takes a token if there is one; otherwise says how long until there will be. */
    synchronized Duration take(Instant now) {
        if (now.isAfter(last)) {
            tokens = Math.min(capacity, tokens + Duration.between(last, now).toNanos() / 1e9 * perSecond);
            last = now;
        }
        if (tokens >= 1) {
            tokens -= 1;
            return Duration.ZERO;
        }
        return Duration.ofNanos((long) Math.ceil((1 - tokens) / perSecond * 1e9));
    }
}
