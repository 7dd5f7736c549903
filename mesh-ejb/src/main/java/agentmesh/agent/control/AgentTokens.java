package agentmesh.agent.control;

import agentmesh.platform.Jdbc;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import javax.sql.DataSource;

/**
 * Bearer token → agent, the question every request asks. An answer found in the database is kept for
 * {@code mesh.auth.token-cache-seconds} (5 by default), so a busy agent costs one lookup per period, not one per
 * request. Bounds: a rotation on this server forgets the agent's old token at once (and closes what it had open,
 * through the rotation listeners); another server instance honours the old token for at most the cache period.
 * Unknown tokens are never cached, so a guessing client cannot fill the cache; it holds at most
 * {@link #MAX_ENTRIES} tokens.
 */
@ApplicationScoped
public class AgentTokens {

    static final int MAX_ENTRIES = 100_000;

    @Resource(lookup = "java:app/jdbc/mesh")
    DataSource dataSource;

    @Inject
    Clock clock;

    @Inject
    @ConfigProperty(name = "mesh.auth.token-cache-seconds", defaultValue = "5")
    long cacheSeconds;

    private record Known(String agentId, Instant until) {
    }

    private final Map<String, Known> byHash = new ConcurrentHashMap<>();
    private final Set<Consumer<String>> rotationListeners = ConcurrentHashMap.newKeySet();

    /** The agent holding this bearer token, if any. */
    public Optional<String> agentOf(String token) {
        String hash = Tokens.hash(token);
        Instant now = clock.instant();
        Known known = byHash.get(hash);
        if (known != null && known.until().isAfter(now)) {
            return Optional.of(known.agentId());
        }
        Optional<String> agent = agentWithTokenHash(hash);
        if (agent.isPresent()) {
            if (byHash.size() >= MAX_ENTRIES) {
                byHash.values().removeIf(entry -> !entry.until().isAfter(now));
                if (byHash.size() >= MAX_ENTRIES) {
                    byHash.clear();
                }
            }
            byHash.put(hash, new Known(agent.get(), now.plus(Duration.ofSeconds(cacheSeconds))));
        } else {
            byHash.remove(hash);
        }
        return agent;
    }

    private Optional<String> agentWithTokenHash(String hash) {
        return Jdbc.query(dataSource, "SELECT agent_id FROM agent WHERE token_hash = ?", row -> row.getString(1), hash)
                .stream().findFirst();
    }

    /** Called with the agent's id whenever its token is rotated on this server (after the rotation commits). */
    public void onRotation(Consumer<String> listener) {
        rotationListeners.add(listener);
    }

    public void stopListening(Consumer<String> listener) {
        rotationListeners.remove(listener);
    }

    void rotated(@Observes(during = TransactionPhase.AFTER_SUCCESS) TokenRotated rotation) {
        byHash.values().removeIf(entry -> entry.agentId().equals(rotation.agentId()));
        rotationListeners.forEach(listener -> listener.accept(rotation.agentId()));
    }
}
