package agentmesh.web.limits;

import agentmesh.platform.metrics.MeshMeters;
import agentmesh.platform.metrics.MeshMeters.MeshCounter;
import agentmesh.web.TokenBucket;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A flood from one agent is cut at the door: a token bucket per agent (50 requests/s sustained, bursts of 100 by
 * default) → 429 with Retry-After. Checked before the server's own admission, so one agent's flood takes no place
 * from the others. Per server instance: a check costs no network trip and no shared state, so with n instances
 * behind a balancer an agent gets up to n times the rate — the limit protects each server, it is not a quota.
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
        Duration wait = buckets.computeIfAbsent(agentId, id -> new TokenBucket(burst, perSecond, clock.instant()))
                .take(clock.instant());
        if (!wait.isZero()) {
            limited.inc();
        }
        return wait;
    }

    String describe(String agentId, long retryAfterSeconds) {
        return agentId + " sends more than " + perSecond + " requests/s (bursts of " + burst + "); retry in "
                + retryAfterSeconds + " s";
    }
}
