package agentmesh.web.security;

import agentmesh.web.AddressBuckets;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Failed authentications per client address: a token bucket ({@code mesh.auth.failures-per-second}, 5 by default,
 * bursts of {@code mesh.auth.failure-burst}, 20) that each token that is no one's drains — an agent token unknown
 * to the database, a wrong admin token, a malformed string. While an address's bucket is empty, every token but
 * those in the server's cache (agents' tokens used in the last {@code mesh.auth.token-cache-seconds}) is refused
 * (429) without a look — the admin token too, so that it cannot be guessed at the network's speed — while the busy
 * agents behind the same proxy go on ({@link AddressBuckets}).
 */
@ApplicationScoped
public class FailedAuthentications {

    @Inject
    @ConfigProperty(name = "mesh.auth.failures-per-second", defaultValue = "5")
    double perSecond;

    @Inject
    @ConfigProperty(name = "mesh.auth.failure-burst", defaultValue = "20")
    double burst;

    @Inject
    Clock clock;

    private AddressBuckets buckets;

    @PostConstruct
    void makeBuckets() {
        buckets = new AddressBuckets(burst, perSecond);
    }

    /** How long the address must wait before a token of its may be looked up again (zero: it may now). */
    Duration lockedOutFor(String address) {
        return buckets.existing(address).map(bucket -> bucket.waitAt(clock.instant())).orElse(Duration.ZERO);
    }

    /**
     * A lookup found no agent. Counted after the lookup, not reserved before it: reserving made the busy agents
     * behind one address (their cache entries expiring together) lock each other out. So a burst of concurrent
     * guesses can pass the check together once, at most as many as the server has HTTP workers.
     */
    void failed(String address) {
        Instant now = clock.instant();
        buckets.of(address, now).take(now);
    }
}
