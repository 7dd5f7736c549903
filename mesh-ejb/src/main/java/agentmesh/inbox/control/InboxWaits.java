package agentmesh.inbox.control;

import agentmesh.agent.control.AgentTokens;
import agentmesh.agent.control.TokenRotated;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Everything that waits on an agent's inbox — long polls, Server-Sent Event streams, A2A blocking sends and task
 * streams, MCP waits — in one registry, with one wake-up path (a signal of {@link InboxSignals} reaches the waits of
 * its agent) and one rotation path (a {@link TokenRotated} ends the waits their caller opened with another token).
 *
 * <p>A wait is registered under each agent whose inbox concerns it: its caller's own, or an A2A watch's two agents
 * (every change of a task puts an event in the inbox of the agent it concerns). A signal whose cursor is not past
 * one already passed on for the agent reaches none: the change feed repeats a delivery on every poll for a few
 * seconds, after the delivering server has signalled it, and every wait reads once as it starts (after a signal it
 * may have missed), so a wait registered after the first signal has seen its events. An agent without waits is
 * forgotten, its cursor with it: a signal then costs at most one needless read.
 *
 * <p>What a wait does when woken, and how many of its kind an agent may hold, is the kind's own; the registry only
 * finds them. Its callbacks run on the signalling thread (a delivery's commit, the change feed, a rotation) and must
 * return at once: a wait hands any reading or writing to its caller's lane of the reader threads.
 */
@ApplicationScoped
public class InboxWaits {

    /** Something that waits on agents' inboxes for the agent {@link #caller()}, authenticated by one of its tokens. */
    public interface Wait {

        String caller();

        /** The hash of the token the wait was opened with: a rotation to another one ends it. */
        String tokenHash();

        /** The agents whose inbox changes concern it; the same for as long as it is registered. */
        Set<String> agents();

        /** The inbox of one of its agents now holds events up to {@code change.lastCursor()}. */
        void inboxChanged(InboxChange change);

        /** The caller's token was replaced: the wait ends at once, as unauthenticated. */
        void revoked(TokenRotated rotation);
    }

    /**
     * A wait of an agent on its own inbox (a stream, a long poll): the one agent it concerns is its caller. What it
     * does when woken or revoked is the kind's own.
     */
    public abstract static class OwnInboxWait implements Wait {

        private final String agentId;
        private final String tokenHash;
        private final Set<String> agents;

        protected OwnInboxWait(String agentId, String tokenHash) {
            this.agentId = agentId;
            this.tokenHash = tokenHash;
            this.agents = Set.of(agentId);
        }

        @Override
        public final String caller() {
            return agentId;
        }

        @Override
        public final String tokenHash() {
            return tokenHash;
        }

        @Override
        public final Set<String> agents() {
            return agents;
        }
    }

    /** One agent's waits, and the highest cursor passed on to them. */
    private static final class AgentWaits {
        final Set<Wait> waits = ConcurrentHashMap.newKeySet();
        final AtomicLong passedOn = new AtomicLong(Long.MIN_VALUE);
    }

    @Inject
    InboxSignals signals;

    @Inject
    AgentTokens tokens;

    private final Map<String, AgentWaits> byAgent = new ConcurrentHashMap<>();
    private final Consumer<InboxChange> signalListener = this::wake;
    private final Consumer<TokenRotated> rotationListener = this::revoke;

    @PostConstruct
    void listen() {
        signals.listen(signalListener);
        tokens.onRotation(rotationListener);
    }

    @PreDestroy
    void unlisten() {
        signals.unlisten(signalListener);
        tokens.stopListening(rotationListener);
    }

    // Within compute: an agent's entry being emptied and dropped by remove() at the same moment is never joined.
    public void add(Wait wait) {
        wait.agents()
                .forEach(agentId -> byAgent.compute(agentId, (id, agent) -> {
                    AgentWaits joined = agent == null ? new AgentWaits() : agent;
                    joined.waits.add(wait);
                    return joined;
                }));
    }

    public void remove(Wait wait) {
        wait.agents()
                .forEach(agentId -> byAgent.computeIfPresent(agentId, (id, agent) -> {
                    agent.waits.remove(wait);
                    return agent.waits.isEmpty() ? null : agent;
                }));
    }

    /** The agent's waits of one kind (as caller or as an agent concerned), as they are now. */
    public <W extends Wait> List<W> of(String agentId, Class<W> kind) {
        AgentWaits agent = byAgent.get(agentId);
        List<W> found = new ArrayList<>();
        if (agent != null) {
            agent.waits.stream().filter(kind::isInstance).map(kind::cast).forEach(found::add);
        }
        return found;
    }

    /** Every wait of one kind, each once. */
    public <W extends Wait> Set<W> all(Class<W> kind) {
        Set<W> found = ConcurrentHashMap.newKeySet();
        byAgent.values()
                .forEach(agent -> agent.waits.stream()
                        .filter(kind::isInstance)
                        .map(kind::cast)
                        .forEach(found::add));
        return found;
    }

    /** How many agents have waits: an agent without any is forgotten. */
    int agents() {
        return byAgent.size();
    }

    void wake(InboxChange change) {
        AgentWaits agent = byAgent.get(change.agentId());
        if (agent != null && agent.passedOn.getAndAccumulate(change.lastCursor(), Math::max) < change.lastCursor()) {
            agent.waits.forEach(wait -> wait.inboxChanged(change));
        }
    }

    void revoke(TokenRotated rotation) {
        of(rotation.agentId(), Wait.class).stream()
                .filter(wait -> wait.caller().equals(rotation.agentId()))
                .filter(wait -> !wait.tokenHash().equals(rotation.tokenHash()))
                .forEach(wait -> wait.revoked(rotation));
    }
}
