package agentmesh.web.limits;

import agentmesh.web.TokenBucket;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How many bytes of answers one agent may take per second: a token bucket of bytes per agent
 * ({@code mesh.rate-limit.answer-bytes-per-second}, 4 MiB/s sustained, bursts of
 * {@code mesh.rate-limit.answer-bytes-burst}, 8 MiB), charged with each answer's bytes once written. Reads are
 * where one request can cost a hundred others — a page of 2 MiB of histories takes tens of milliseconds of both cores
 * to read, parse and write — so the count of requests alone cannot keep one agent's reads from starving the others'
 * sends; their bytes can. An agent in debt is refused (429) until its bucket has refilled past it.
 */
@ApplicationScoped
public class AgentAnswerBytes {

    @Inject
    @ConfigProperty(name = "mesh.rate-limit.answer-bytes-per-second", defaultValue = "4194304")
    double perSecond;

    @Inject
    @ConfigProperty(name = "mesh.rate-limit.answer-bytes-burst", defaultValue = "8388608")
    double burst;

    @Inject
    Clock clock;

    private final Map<String, TokenBucket> buckets = new ConcurrentHashMap<>();

    /** Zero when the agent may be answered now, else how long until it may. */
    Duration owed(String agentId) {
        TokenBucket bucket = buckets.get(agentId);
        return bucket == null ? Duration.ZERO : bucket.waitAt(clock.instant());
    }

    /** The agent was answered {@code bytes}. */
    void charge(String agentId, long bytes) {
        if (bytes > 0) {
            buckets.computeIfAbsent(agentId, id -> new TokenBucket(burst, perSecond, clock.instant()))
                    .charge(bytes, clock.instant());
        }
    }

    String describe(String agentId, long retryAfterSeconds) {
        return agentId + " was answered more than " + (long) perSecond + " bytes/s (bursts of " + (long) burst
                + "); retry in " + retryAfterSeconds + " s";
    }
}
