package agentmesh.inbox.boundary;

import agentmesh.inbox.control.InboxChange;
import agentmesh.inbox.control.InboxPage;
import agentmesh.inbox.control.InboxReader;
import agentmesh.inbox.control.InboxSignals;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.AsyncResponse;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Long polls that found nothing: suspended responses, holding no thread, answered as soon as their agent's inbox
 * gets an event (an {@link InboxSignals} signal) or with an empty page when their wait is over.
 */
@ApplicationScoped
public class InboxWaiters {

    @Inject
    ReaderThreads readerThreads;

    @Inject
    InboxReader reader;

    @Inject
    InboxSignals signals;

    private final Map<String, Set<Waiter>> byAgent = new ConcurrentHashMap<>();
    private final Consumer<InboxChange> listener = this::wake;

    private final class Waiter {
        final String agentId;
        final long after;
        final int limit;
        final AsyncResponse response;
        final AtomicBoolean answered = new AtomicBoolean();

        Waiter(String agentId, long after, int limit, AsyncResponse response) {
            this.agentId = agentId;
            this.after = after;
            this.limit = limit;
            this.response = response;
        }

        void answer(InboxPage page) {
            if (answered.compareAndSet(false, true)) {
                remove(this);
                response.resume(page);
            }
        }
    }

    @PostConstruct
    void listen() {
        signals.listen(listener);
    }

    @PreDestroy
    void unlisten() {
        signals.unlisten(listener);
    }

    /** Suspends the response until an event after {@code after} arrives or {@code waitSeconds} pass. */
    void await(String agentId, long after, int limit, int waitSeconds, AsyncResponse response) {
        Waiter waiter = new Waiter(agentId, after, limit, response);
        response.setTimeoutHandler(timedOut -> waiter.answer(new InboxPage(List.of(), after)));
        response.setTimeout(waitSeconds, TimeUnit.SECONDS);
        byAgent.computeIfAbsent(agentId, id -> ConcurrentHashMap.newKeySet()).add(waiter);
        // An event may have landed between the caller's read and this registration.
        readerThreads.execute(() -> check(waiter));
    }

    private void wake(InboxChange change) {
        byAgent.getOrDefault(change.agentId(), Set.of()).stream()
                .filter(waiter -> waiter.after < change.lastCursor())
                .forEach(waiter -> readerThreads.execute(() -> check(waiter)));
    }

    private void check(Waiter waiter) {
        if (waiter.answered.get()) {
            return;
        }
        try {
            InboxPage page = reader.after(waiter.agentId, waiter.after, waiter.limit);
            if (!page.events().isEmpty()) {
                waiter.answer(page);
            }
        } catch (RuntimeException e) {
            if (waiter.answered.compareAndSet(false, true)) {
                remove(waiter);
                waiter.response.resume(e);
            }
        }
    }

    private void remove(Waiter waiter) {
        byAgent.computeIfPresent(waiter.agentId, (id, waiters) -> {
            waiters.remove(waiter);
            return waiters.isEmpty() ? null : waiters;
        });
    }
}
