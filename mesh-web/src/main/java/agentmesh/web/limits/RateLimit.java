package agentmesh.web.limits;

import agentmesh.web.Problem;
import agentmesh.web.security.Caller;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.ext.Provider;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.annotation.RegistryScope;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Cuts a flood from one agent at the door: a token bucket per agent (50 requests/s sustained, bursts of 100 by
 * default) → 429 with Retry-After. Per server instance: a check costs no network trip and no shared state, so
 * with n instances behind a balancer an agent gets up to n times the rate — the limit protects each server, it
 * is not a quota. Admin requests are not limited.
 */
@Provider
@Priority(Priorities.AUTHORIZATION)
public class RateLimit implements ContainerRequestFilter {

    @Inject
    @ConfigProperty(name = "mesh.rate-limit.per-second", defaultValue = "50")
    double perSecond;

    @Inject
    @ConfigProperty(name = "mesh.rate-limit.burst", defaultValue = "100")
    double burst;

    @Inject
    Clock clock;

    @Inject
    OverloadLog overloadLog;

    @Inject
    @RegistryScope(scope = MetricRegistry.APPLICATION_SCOPE)
    MetricRegistry registry;

    private final Map<String, TokenBucket> buckets = new ConcurrentHashMap<>();
    private Counter limited;

    @PostConstruct
    void register() {
        limited = registry.counter("agent_mesh_rate_limited"); // exported as agent_mesh_rate_limited_total
    }

    @Override
    public void filter(ContainerRequestContext request) {
        if (!(request.getSecurityContext().getUserPrincipal() instanceof Caller caller) || caller.admin()) {
            return;
        }
        Duration wait = buckets.computeIfAbsent(caller.name(), id -> new TokenBucket(burst, perSecond,
                clock.instant())).take(clock.instant());
        if (!wait.isZero()) {
            limited.inc();
            overloadLog.refused("429 over an agent's rate limit");
            long retryAfter = Math.max(1, (wait.toMillis() + 999) / 1000);
            throw new WebApplicationException(Problem.of(429, "rate-limited", "Too many requests",
                    caller.name() + " sends more than " + perSecond + " requests/s (bursts of " + burst
                            + "); retry in " + retryAfter + " s").response()
                    .header("Retry-After", retryAfter).build());
        }
    }
}
