package agentmesh.identity.control;

import agentmesh.operations.RecentFaults;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.faulttolerance.Timeout;

/**
 * The remote CanCommunicate(from, to), which may fail: at most 3 s per check
 * ({@code @Timeout}), the circuit opens after repeated failures so that a dead identity service costs nothing per
 * send, and every failure falls back to the last answer for the pair if it is younger than 30 s
 * ({@code mesh.identity.cache-ttl-seconds}). Without such an answer the send is refused with 503 and Retry-After.
 * The MicroProfile Fault Tolerance values can be changed through configuration, e.g.
 * {@code agentmesh.identity.control.GuardedIdentity/mayTalk/Timeout/value=3000}.
 */
@ApplicationScoped
public class GuardedIdentity {

    @Inject
    RemoteIdentity remote;

    @Inject
    Clock clock;

    @Inject
    RecentFaults faults;

    @Inject
    @ConfigProperty(name = "mesh.identity.cache-ttl-seconds", defaultValue = "30")
    long cacheTtlSeconds;

    private record Answer(boolean allowed, Instant at) {}

    private final Map<String, Answer> recent = new ConcurrentHashMap<>();

    @Timeout(3000)
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.5, delay = 5000, successThreshold = 1)
    @Fallback(fallbackMethod = "recentAnswer")
    public boolean mayTalk(String from, String to) {
        boolean allowed = remote.mayTalk(from, to);
        recent.put(key(from, to), new Answer(allowed, clock.instant()));
        return allowed;
    }

    boolean recentAnswer(String from, String to) {
        Answer answer = recent.get(key(from, to));
        if (answer == null
                || answer.at().plus(Duration.ofSeconds(cacheTtlSeconds)).isBefore(clock.instant())) {
            faults.record(RecentFaults.Kind.IDENTITY_UNAVAILABLE, "no answer for " + from + " → " + to);
            throw new IdentityUnavailableException(from, to);
        }
        return answer.allowed();
    }

    private static String key(String from, String to) {
        return from + '\u0000' + to;
    }
}
