package agentmesh.web.limits;

import agentmesh.paging.PageBytes;
import agentmesh.web.TokenBucket;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * How many bytes of answers one agent may take per second: a token bucket of bytes per agent
 * ({@code mesh.rate-limit.answer-bytes-per-second}, 2 MiB/s sustained, bursts of
 * {@code mesh.rate-limit.answer-bytes-burst}, 4 MiB). Reads are where one request can cost a hundred others — a page
 * of 2 MiB of histories takes tens of milliseconds of both cores to read, parse and write — so the count of requests
 * alone cannot keep one agent's reads from starving the others' sends; their bytes can. A read of tasks (a GET, an
 * A2A call) reserves a page's bytes ({@code mesh.http.max-page-bytes}) before it runs and settles with what it
 * wrote, so an agent's reads at once are as many as its bucket holds pages (two when full, one at a time once it
 * reads at the rate): a burst of the largest reads is spread out instead of taking both cores at once. Any other request is charged what it wrote, and
 * an agent in debt is refused (429) until its bucket has refilled past it.
 */
@ApplicationScoped
public class AgentAnswerBytes {

    @Inject
    @ConfigProperty(name = "mesh.rate-limit.answer-bytes-per-second", defaultValue = "2097152")
    double perSecond;

    @Inject
    @ConfigProperty(name = "mesh.rate-limit.answer-bytes-burst", defaultValue = "4194304")
    double burst;

    @Inject
    Clock clock;

    @Inject
    PageBytes pageBytes;

    private final Map<String, TokenBucket> buckets = new ConcurrentHashMap<>();

    /** Zero when the agent may be answered now, else how long until it may. */
    Duration owed(String agentId) {
        TokenBucket bucket = buckets.get(agentId);
        return bucket == null ? Duration.ZERO : bucket.waitAt(clock.instant());
    }

    /** Takes a read's page of bytes ahead; zero when taken, else how long until the bucket holds one. */
    Duration reserve(String agentId) {
        return bucket(agentId).take(reservation(), clock.instant());
    }

    /** The read that {@link #reserve reserved} wrote {@code bytes}: the difference is charged or given back. */
    void settle(String agentId, long bytes) {
        bucket(agentId).charge(bytes - reservation(), clock.instant());
    }

    /** The agent was answered {@code bytes}. */
    void charge(String agentId, long bytes) {
        if (bytes > 0) {
            bucket(agentId).charge(bytes, clock.instant());
        }
    }

    // A page, or the whole bucket where that is smaller: a read must always be possible.
    private double reservation() {
        return Math.min(pageBytes.max(), burst);
    }

    private TokenBucket bucket(String agentId) {
        return buckets.computeIfAbsent(agentId, id -> new TokenBucket(burst, perSecond, clock.instant()));
    }

    String describe(String agentId, long retryAfterSeconds) {
        return agentId + " was answered more than " + (long) perSecond + " bytes/s (bursts of " + (long) burst
                + "); retry in " + retryAfterSeconds + " s";
    }
}
