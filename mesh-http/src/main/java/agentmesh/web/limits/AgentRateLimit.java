package agentmesh.web.limits;

import agentmesh.operations.metrics.MeshMeters;
import agentmesh.operations.metrics.MeshMeters.MeshCounter;
import agentmesh.web.TokenBucket;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A flood from one agent is cut at the door: a token bucket per agent (50 requests/s sustained, bursts of 100 by
 * default) → 429 with Retry-After. Checked before the server's own admission, so one agent's flood takes no place
 * from the others. A check costs no network trip and no shared state: with {@code mesh.rate-limit.instances} = n
 * instances behind a balancer that spreads each agent's requests evenly (round robin), each instance keeps a bucket
 * of a n-th of the rate and the burst, so that the agent gets the configured rate in all. The tolerance: never more
 * than the rate and burst in all; less when the balancer is uneven (as little as a n-th if it sends all of an
 * agent's requests to one instance) or an instance is out.
 */
@ApplicationScoped
public class AgentRateLimit {

    @Inject
    @ConfigProperty(name = "mesh.rate-limit.per-second", defaultValue = "50")
    double perSecond;

    @Inject
    @ConfigProperty(name = "mesh.rate-limit.burst", defaultValue = "100")
    double burst;

    @Inject
    @ConfigProperty(name = "mesh.rate-limit.instances", defaultValue = "1")
    int instances;

    @Inject
    Clock clock;

    @Inject
    MeshMeters meters;

    private final Map<String, TokenBucket> buckets = new ConcurrentHashMap<>();
    private MeshCounter limited;

    @PostConstruct
    void register() {
        limited = meters.counter("agent_mesh_rate_limited_total", "Requests refused with 429, past an agent's rate");
    }

    /** Created with the application, so that every metric is exported (at 0) from the start. */
    void atStartup(@Observes Startup startup) {
        // the bean's creation registers the metrics
    }

    /** Takes a request from the agent's bucket: zero when it may go on, else how long until it may. */
    Duration take(String agentId) {
        Duration wait = buckets.computeIfAbsent(
                        agentId, id -> new TokenBucket(burst / shares(), perSecond / shares(), clock.instant()))
                .take(clock.instant());
        if (!wait.isZero()) {
            limited.inc();
        }
        return wait;
    }

    // A bucket of at least one request: a burst smaller than the instances would otherwise refuse everything.
    private double shares() {
        return Math.max(1, Math.min(instances, burst));
    }

    String describe(String agentId, long retryAfterSeconds) {
        return agentId + " sends more than " + perSecond + " requests/s (bursts of " + burst + "); retry in "
                + retryAfterSeconds + " s";
    }
}
