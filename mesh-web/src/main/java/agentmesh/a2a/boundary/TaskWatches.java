package agentmesh.a2a.boundary;

import agentmesh.agent.control.AgentTokens;
import agentmesh.agent.control.TokenRotated;
import agentmesh.inbox.boundary.ReaderThreads;
import agentmesh.inbox.control.InboxChange;
import agentmesh.inbox.control.InboxSignals;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The A2A requests that wait on a task — blocking sends and SSE streams — suspended, holding no thread, and looked at
 * again whenever the task may have changed. Every change of a task puts an event in the inbox of the agent it
 * concerns (the other one), so a watch is woken by an inbox signal of either of its two agents; the look itself
 * (a {@link Watch#check}) reads the task from the database on the reader threads. Streams also get a comment every
 * {@value #HEARTBEAT_SECONDS} s, so that a client that went away is noticed and a proxy keeps the connection.
 * A rotated token ends the watches made with the old one.
 */
@ApplicationScoped
public class TaskWatches {

    static final int HEARTBEAT_SECONDS = 15;

    @Inject
    InboxSignals signals;

    @Inject
    ReaderThreads readerThreads;

    @Inject
    AgentTokens tokens;

    @Resource
    ManagedThreadFactory threadFactory;

    private final Map<String, Set<Watch>> byAgent = new ConcurrentHashMap<>();
    private final Consumer<InboxChange> listener = change -> wake(change.agentId());
    private final Consumer<TokenRotated> rotationListener = this::endRevoked;
    private ScheduledExecutorService heartbeat;

    /** A suspended request about one task of two agents. */
    interface Watch {

        String caller();

        String agent();

        String tokenHash();

        /** Reads the task and answers or streams what changed; called on a reader thread, never twice at once. */
        void check();

        void heartbeat();

        /** Ends the request at once (its token was rotated, or the server stops). */
        void end();
    }

    @PostConstruct
    void start() {
        signals.listen(listener);
        tokens.onRotation(rotationListener);
        heartbeat = Executors.newSingleThreadScheduledExecutor(threadFactory);
        heartbeat.scheduleWithFixedDelay(() -> all().forEach(Watch::heartbeat), HEARTBEAT_SECONDS,
                HEARTBEAT_SECONDS, TimeUnit.SECONDS);
    }

    @PreDestroy
    void stop() {
        signals.unlisten(listener);
        tokens.stopListening(rotationListener);
        heartbeat.shutdownNow();
        all().forEach(Watch::end);
    }

    /** Starts watching, and looks once at once: the task may have changed before the watch was in place. */
    void watch(Watch watch) {
        join(watch.caller(), watch);
        join(watch.agent(), watch);
        readerThreads.execute(watch::check);
    }

    void unwatch(Watch watch) {
        leave(watch.caller(), watch);
        leave(watch.agent(), watch);
    }

    private void wake(String agentId) {
        byAgent.getOrDefault(agentId, Set.of()).forEach(watch -> readerThreads.execute(watch::check));
    }

    private void endRevoked(TokenRotated rotation) {
        byAgent.getOrDefault(rotation.agentId(), Set.of()).stream()
                .filter(watch -> watch.caller().equals(rotation.agentId()))
                .filter(watch -> !watch.tokenHash().equals(rotation.tokenHash()))
                .forEach(Watch::end);
    }

    private Set<Watch> all() {
        Set<Watch> all = ConcurrentHashMap.newKeySet();
        byAgent.values().forEach(all::addAll);
        return all;
    }

    // Within compute: a set being emptied and dropped by leave() at the same moment is never joined.
    private void join(String agentId, Watch watch) {
        byAgent.compute(agentId, (id, watches) -> {
            Set<Watch> joined = watches == null ? ConcurrentHashMap.newKeySet() : watches;
            joined.add(watch);
            return joined;
        });
    }

    private void leave(String agentId, Watch watch) {
        byAgent.computeIfPresent(agentId, (id, watches) -> {
            watches.remove(watch);
            return watches.isEmpty() ? null : watches;
        });
    }
}
