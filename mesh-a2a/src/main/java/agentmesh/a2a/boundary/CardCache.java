package agentmesh.a2a.boundary;

import agentmesh.agent.control.AgentDescription;
import agentmesh.agent.control.AgentRegistry;
import agentmesh.agent.control.UnknownAgentException;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * What the public agent cards say about their agents, kept in memory for {@code mesh.a2a.card-cache-seconds} (10 s):
 * a card is public and asked for by anyone, so it must not cost a database read each time — an unknown agent's 404
 * included. An admin's change of a card is so seen within that time. At most {@link #KEPT} agents are kept, the
 * least recently asked for dropped first; so are the agents of host labels. And which card a request that names no version reads
 * ({@code mesh.a2a.unversioned-card}, {@link AgentCards.View}).
 */
@ApplicationScoped
class CardCache {

    static final int KEPT = 10_000;
    private static final Logger LOG = Logger.getLogger(CardCache.class.getName());

    @EJB
    AgentRegistry registry;

    @Inject
    Clock clock;

    @Inject
    @ConfigProperty(name = "mesh.a2a.card-cache-seconds", defaultValue = "10")
    long cacheSeconds;

    @Inject
    @ConfigProperty(name = "mesh.a2a.unversioned-card", defaultValue = "combined")
    String unversionedSetting;

    private AgentCards.View unversioned;

    @PostConstruct
    void readSettings() {
        unversioned = AgentCards.View.unversioned(unversionedSetting);
    }

    /** Made when the application starts, so that a bad setting stops it there. */
    void atStartup(@Observes Startup startup) {
        LOG.fine(() -> "A card asked for in no version is " + unversioned);
    }

    /** The card a request that names no version reads. */
    AgentCards.View unversionedView() {
        return unversioned;
    }

    /** What was read at a time; empty: no such agent. */
    private record Entry<V>(Optional<V> value, Instant readAt) {}

    private final Map<String, Entry<AgentDescription>> descriptions = keptMap();
    private final Map<String, Entry<String>> hosts = keptMap();

    /** The agent's description, empty when no such agent exists. */
    Optional<AgentDescription> description(String agentId) {
        return kept(descriptions, agentId, this::read);
    }

    /** The agent whose own host has this label ({@link AgentRegistry#agentAtHost}), empty when none. */
    Optional<String> agentAtHost(String label) {
        return kept(hosts, label, registry::agentAtHost);
    }

    private <V> Optional<V> kept(Map<String, Entry<V>> map, String key, Function<String, Optional<V>> read) {
        Instant now = clock.instant();
        Entry<V> entry = map.get(key);
        if (entry == null
                || entry.readAt().plus(Duration.ofSeconds(cacheSeconds)).isBefore(now)) {
            entry = new Entry<>(read.apply(key), now);
            map.put(key, entry);
        }
        return entry.value();
    }

    private static <V> Map<String, Entry<V>> keptMap() {
        return Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Entry<V>> eldest) {
                return size() > KEPT;
            }
        });
    }

    private Optional<AgentDescription> read(String agentId) {
        try {
            return Optional.of(registry.description(agentId));
        } catch (UnknownAgentException e) {
            return Optional.empty();
        }
    }
}
