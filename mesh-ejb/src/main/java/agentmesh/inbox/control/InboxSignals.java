package agentmesh.inbox.control;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Consumer;

/**
 * Tells waiting readers (long polls, streams) that an agent's inbox has new events: after a delivery commits on this
 * server, and when the change feed finds a delivery another server committed. A reader whose cursor is already at
 * the change's cursor has nothing to read; only the agent's own readers are woken. Listeners must return at once;
 * they hand the reading to an executor.
 *
 * <p>Signals are also counted, in stripes of agents, so that a reader can tell whether anything was signalled for its
 * agent between its read and the moment it started listening ({@link #countFor}): a long poll that found nothing need
 * not read again unless something came meanwhile. A stripe shared with other agents can only cause a needless read,
 * never a missed one.
 */
@ApplicationScoped
public class InboxSignals {

    private static final int STRIPES = 1024;

    private final Set<Consumer<InboxChange>> listeners = ConcurrentHashMap.newKeySet();
    private final AtomicLongArray signalled = new AtomicLongArray(STRIPES);

    public void listen(Consumer<InboxChange> listener) {
        listeners.add(listener);
    }

    public void unlisten(Consumer<InboxChange> listener) {
        listeners.remove(listener);
    }

    /**
     * How many signals the agent's stripe has seen. Read it before reading the inbox, and again after starting to
     * listen: if it changed, a signal may have gone by unheard, so read once more.
     */
    public long countFor(String agentId) {
        return signalled.get(stripe(agentId));
    }

    // Counted before the listeners hear it: a reader that registered too late for the signal sees the count moved.
    void signal(InboxChange change) {
        signalled.incrementAndGet(stripe(change.agentId()));
        listeners.forEach(listener -> listener.accept(change));
    }

    private static int stripe(String agentId) {
        return Math.floorMod(agentId.hashCode(), STRIPES);
    }
}
