package agentmesh.web;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A token bucket per client address, for what is limited by address because no agent can be charged (failed
 * authentications, public documents). At most {@link #MAX_ADDRESSES} addresses are tracked: past that, refilled
 * buckets — no different from new ones — are dropped first, and all of them if none has refilled.
 */
public final class AddressBuckets {

    static final int MAX_ADDRESSES = 10_000;

    private final double capacity;
    private final double perSecond;
    private final Map<String, TokenBucket> byAddress = new ConcurrentHashMap<>();

    public AddressBuckets(double capacity, double perSecond) {
        this.capacity = capacity;
        this.perSecond = perSecond;
    }

    /** The address's bucket, made full when it has none. */
    public TokenBucket of(String address, Instant now) {
        if (byAddress.size() >= MAX_ADDRESSES && !byAddress.containsKey(address)) {
            byAddress.values().removeIf(bucket -> bucket.isFullAt(now));
            if (byAddress.size() >= MAX_ADDRESSES) {
                byAddress.clear();
            }
        }
        return byAddress.computeIfAbsent(address, a -> new TokenBucket(capacity, perSecond, now));
    }

    /** The address's bucket, if it has one: an address without is as good as full. */
    public Optional<TokenBucket> existing(String address) {
        return Optional.ofNullable(byAddress.get(address));
    }
}
