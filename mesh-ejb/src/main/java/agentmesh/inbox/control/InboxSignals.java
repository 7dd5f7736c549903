package agentmesh.inbox.control;

import jakarta.enterprise.context.ApplicationScoped;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Tells waiting readers (long polls, streams) that an agent's inbox has new events: after a delivery commits on this
 * server, and every second for all agents (deliveries committed by another server instance are found that way).
 * Listeners must return at once; they hand the reading to an executor.
 */
@ApplicationScoped
public class InboxSignals {

    private final Set<Consumer<String>> listeners = ConcurrentHashMap.newKeySet();

    public void listen(Consumer<String> listener) {
        listeners.add(listener);
    }

    public void unlisten(Consumer<String> listener) {
        listeners.remove(listener);
    }

    /** New events for the agent; null means "any agent may have new events". */
    void signal(String agentId) {
        listeners.forEach(listener -> listener.accept(agentId));
    }
}
