package agentmesh.web.limits;

import agentmesh.web.AddressBuckets;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The rate of requests that carry no token — the public A2A agent cards — per client address: a token bucket
 * ({@code mesh.rate-limit.anonymous-per-second}, 20/s sustained, bursts of {@code mesh.rate-limit.anonymous-burst},
 * 40) → 429 with Retry-After. There is no agent to charge, so the address is what is limited
 * ({@link AddressBuckets}).
 */
@ApplicationScoped
public class AddressRateLimit {

    @Inject
    @ConfigProperty(name = "mesh.rate-limit.anonymous-per-second", defaultValue = "20")
    double perSecond;

    @Inject
    @ConfigProperty(name = "mesh.rate-limit.anonymous-burst", defaultValue = "40")
    double burst;

    @Inject
    Clock clock;

    private AddressBuckets buckets;

    @PostConstruct
    void makeBuckets() {
        buckets = new AddressBuckets(burst, perSecond);
    }

    /** Takes a request from the address's bucket: zero when it may go on, else how long until it may. */
    Duration take(String address) {
        Instant now = clock.instant();
        return buckets.of(address, now).take(now);
    }

    String describe(String address, long retryAfterSeconds) {
        return address + " asks for public documents more than " + perSecond + " times/s (bursts of " + burst
                + "); retry in " + retryAfterSeconds + " s";
    }
}
