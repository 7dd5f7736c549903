package agentmesh.web.security;

import agentmesh.web.AddressBuckets;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Failed authentications per client address, in two token buckets of {@code mesh.auth.failures-per-second} (5)
 * each: tokens of an agent token's form unknown to the database (bursts of {@code mesh.auth.failure-burst}, 20),
 * each a database lookup; and any other string — a wrong admin token, something malformed — (bursts of
 * {@code mesh.auth.guess-burst}, 100), which costs nothing to refuse but could be a guess at the admin token. While
 * an address's bucket of a kind is empty, the tokens of that kind are refused (429) without a look — the admin token
 * too, so that it cannot be guessed at the network's speed; tokens in the server's cache (agents' tokens used in the
 * last {@code mesh.auth.token-cache-seconds}) still pass, so the busy agents behind the same proxy go on
 * ({@link AddressBuckets}).
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
    @ConfigProperty(name = "mesh.auth.guess-burst", defaultValue = "100")
    double guessBurst;

    @Inject
    Clock clock;

    private AddressBuckets lookups;
    private AddressBuckets guesses;

    @PostConstruct
    void makeBuckets() {
        lookups = new AddressBuckets(burst, perSecond);
        guesses = new AddressBuckets(guessBurst, perSecond);
    }

    /**
     * How long the address must wait before a token of its, of an agent token's form or not, may be looked at again
     * (zero: it may now).
     */
    Duration lockedOutFor(String address, boolean agentForm) {
        return (agentForm ? lookups : guesses)
                .existing(address)
                .map(bucket -> bucket.waitAt(clock.instant()))
                .orElse(Duration.ZERO);
    }

    /**
     * A token was no one's. Counted after the lookup, not reserved before it: reserving made the busy agents behind
     * one address (their cache entries expiring together) lock each other out. So a burst of concurrent guesses can
     * pass the check together once, at most as many as the server has HTTP workers.
     */
    void failed(String address, boolean agentForm) {
        Instant now = clock.instant();
        (agentForm ? lookups : guesses).of(address, now).take(now);
    }
}
