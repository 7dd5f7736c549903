package agentmesh.a2a.boundary;

import agentmesh.agent.control.AgentDescription;
import agentmesh.agent.control.AgentRegistry;
import agentmesh.agent.control.UnknownAgentException;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What the public agent cards say about their agents, kept in memory for {@code mesh.a2a.card-cache-seconds} (10 s):
 * a card is public and asked for by anyone, so it must not cost a database read each time — an unknown agent's 404
 * included. An admin's change of a card is so seen within that time. At most {@link #KEPT} agents are kept, the
 * least recently asked for dropped first.
 */
@ApplicationScoped
class CardCache {

    static final int KEPT = 10_000;

    @EJB
    AgentRegistry registry;

    @Inject
    Clock clock;

    @Inject
    @ConfigProperty(name = "mesh.a2a.card-cache-seconds", defaultValue = "10")
    long cacheSeconds;

    /** An agent's description as read at a time, or none: the agent does not exist. */
    private record Entry(Optional<AgentDescription> description, Instant readAt) {
    }

    private final Map<String, Entry> entries = Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Entry> eldest) {
            return size() > KEPT;
        }
    });

    /** The agent's description, empty when no such agent exists. */
    Optional<AgentDescription> description(String agentId) {
        Instant now = clock.instant();
        Entry entry = entries.get(agentId);
        if (entry == null || entry.readAt().plus(Duration.ofSeconds(cacheSeconds)).isBefore(now)) {
            entry = new Entry(read(agentId), now);
            entries.put(agentId, entry);
        }
        return entry.description();
    }

    private Optional<AgentDescription> read(String agentId) {
        try {
            return Optional.of(registry.description(agentId));
        } catch (UnknownAgentException e) {
            return Optional.empty();
        }
    }
}
