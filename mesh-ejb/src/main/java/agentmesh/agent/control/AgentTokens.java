package agentmesh.agent.control;

import agentmesh.datasource.MeshDataSource;
import agentmesh.jdbc.Jdbc;
import agentmesh.time.UtcDateTimeConverter;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Token hash → agent, the question every request asks. An answer found in the database is kept for
 * {@code mesh.auth.token-cache-seconds} (5 by default), so a busy agent costs one lookup per period, not one per
 * request. A rotation makes the cache forget the agent's other tokens and tells the rotation listeners (which close
 * what those tokens opened): at once on the server that rotated, within a poll of the change feed on the others (a tenth of a second by
 * default: {@link TokenRotationChanges}). Unknown tokens are never cached, so a guessing client cannot fill the cache; it holds
 * at most {@link #MAX_ENTRIES} tokens.
 */
@ApplicationScoped
public class AgentTokens {

    static final int MAX_ENTRIES = 100_000;

    @Resource(lookup = MeshDataSource.IN_USE)
    DataSource dataSource;

    @Inject
    Clock clock;

    @Inject
    @ConfigProperty(name = "mesh.auth.token-cache-seconds", defaultValue = "5")
    long cacheSeconds;

    private record Known(String agentId, Instant until) {}

    private record Standing(Instant tokensSince, Instant until) {}

    private final Map<String, Known> byHash = new ConcurrentHashMap<>();
    private final Map<String, Standing> byAgent = new ConcurrentHashMap<>();
    private final Set<Consumer<TokenRotated>> rotationListeners = ConcurrentHashMap.newKeySet();

    /**
     * Gives the agent a token with this hash in place of its own, in the caller's transaction. The rotation time is the
     * database's, the clock every instance's {@link TokenRotationChanges} reads by.
     */
    public void replace(String agentId, String tokenHash) {
        Jdbc.update(
                dataSource,
                "UPDATE agent SET token_hash = ?, token_rotated_at = UTC_TIMESTAMP(6)" + " WHERE agent_id = ?",
                tokenHash,
                agentId);
    }

    /**
     * Disables the agent, in the caller's transaction: none of its tokens is accepted until {@link #enable}, and the
     * rotation time moves, so that the other instances' change feeds end what its tokens opened
     * ({@link TokenRotationChanges}).
     */
    public void disable(String agentId) {
        Jdbc.update(
                dataSource,
                "UPDATE agent SET disabled_at = UTC_TIMESTAMP(6), token_rotated_at = UTC_TIMESTAMP(6)"
                        + " WHERE agent_id = ? AND disabled_at IS NULL",
                agentId);
    }

    /**
     * Enables the agent again: its mesh token works again at its next request (a disabled agent's tokens are never
     * cached), its JWTs if issued after the disable (which moved the rotation time).
     */
    public void enable(String agentId) {
        Jdbc.update(dataSource, "UPDATE agent SET disabled_at = NULL WHERE agent_id = ?", agentId);
    }

    /** The agent holding the token with this hash ({@link Tokens#hash}), if the cache knows: no database trip. */
    public Optional<String> cachedHolder(String tokenHash) {
        Known known = byHash.get(tokenHash);
        return known != null && known.until().isAfter(clock.instant())
                ? Optional.of(known.agentId())
                : Optional.empty();
    }

    /** The agent holding the token with this hash ({@link Tokens#hash}), if any and not disabled. */
    public Optional<String> agentHolding(String tokenHash) {
        Optional<String> cached = cachedHolder(tokenHash);
        if (cached.isPresent()) {
            return cached;
        }
        Instant now = clock.instant();
        Optional<String> agent = Jdbc.query(
                        dataSource,
                        "SELECT agent_id FROM agent WHERE token_hash = ? AND disabled_at IS NULL",
                        row -> row.getString(1),
                        tokenHash)
                .stream()
                .findFirst();
        if (agent.isPresent()) {
            if (byHash.size() >= MAX_ENTRIES) {
                byHash.values().removeIf(entry -> !entry.until().isAfter(now));
                if (byHash.size() >= MAX_ENTRIES) {
                    byHash.clear();
                }
            }
            byHash.put(tokenHash, new Known(agent.get(), now.plus(Duration.ofSeconds(cacheSeconds))));
        } else {
            byHash.remove(tokenHash);
        }
        return agent;
    }

    /**
     * For a token the agent got elsewhere (a JWT from an identity provider): since when the agent's tokens are good —
     * its last rotation, by the database's clock ({@link Instant#EPOCH} if it never had one) — or empty if no such
     * agent is registered. A rotation revokes every token issued before it, the provider's as well as the mesh's
     * own. Empty too for a disabled agent. Kept as long as a token's holder (at most {@link #MAX_ENTRIES} agents),
     * forgotten at the agent's rotation or disable.
     */
    public Optional<Instant> tokensValidSince(String agentId) {
        Instant now = clock.instant();
        Standing known = byAgent.get(agentId);
        if (known != null && known.until().isAfter(now)) {
            return Optional.of(known.tokensSince());
        }
        Optional<Instant> since = Jdbc.query(
                        dataSource,
                        "SELECT token_rotated_at FROM agent WHERE agent_id = ? AND disabled_at IS NULL",
                        row -> Optional.ofNullable(UtcDateTimeConverter.read(row.getObject(1)))
                                .map(rotated -> rotated.toInstant(ZoneOffset.UTC))
                                .orElse(Instant.EPOCH),
                        agentId)
                .stream()
                .findFirst();
        if (since.isPresent()) {
            if (byAgent.size() >= MAX_ENTRIES) {
                byAgent.clear();
            }
            byAgent.put(agentId, new Standing(since.get(), now.plus(Duration.ofSeconds(cacheSeconds))));
        } else {
            byAgent.remove(agentId);
        }
        return since;
    }

    /** Told of every rotation: on this server, and those found by the feed (possibly more than once). */
    public void onRotation(Consumer<TokenRotated> listener) {
        rotationListeners.add(listener);
    }

    public void stopListening(Consumer<TokenRotated> listener) {
        rotationListeners.remove(listener);
    }

    void rotatedHere(@Observes(during = TransactionPhase.AFTER_SUCCESS) TokenRotated rotation) {
        rotated(rotation);
    }

    void rotated(TokenRotated rotation) {
        byAgent.remove(rotation.agentId());
        byHash.entrySet()
                .removeIf(entry -> entry.getValue().agentId().equals(rotation.agentId())
                        && !entry.getKey().equals(rotation.tokenHash()));
        rotationListeners.forEach(listener -> listener.accept(rotation));
    }
}
