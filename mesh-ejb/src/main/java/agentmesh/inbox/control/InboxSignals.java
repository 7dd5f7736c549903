package agentmesh.inbox.control;

import jakarta.enterprise.context.ApplicationScoped;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Tells waiting readers (long polls, streams) that an agent's inbox has new events: after a delivery commits on this
 * server, and when the change feed finds a delivery another server committed. A reader whose cursor is already at
 * the change's cursor has nothing to read; only the agent's own readers are woken. Listeners must return at once;
 * they hand the reading to an executor.
 */
@ApplicationScoped
public class InboxSignals {

    private final Set<Consumer<InboxChange>> listeners = ConcurrentHashMap.newKeySet();

    public void listen(Consumer<InboxChange> listener) {
        listeners.add(listener);
    }

    public void unlisten(Consumer<InboxChange> listener) {
        listeners.remove(listener);
    }

    void signal(InboxChange change) {
        listeners.forEach(listener -> listener.accept(change));
    }
}
