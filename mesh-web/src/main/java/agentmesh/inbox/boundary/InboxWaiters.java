package agentmesh.inbox.boundary;

import agentmesh.agent.control.AgentTokens;
import agentmesh.agent.control.TokenRotated;
import agentmesh.inbox.control.InboxChange;
import agentmesh.inbox.control.InboxPage;
import agentmesh.inbox.control.InboxReader;
import agentmesh.inbox.control.InboxSignals;
import agentmesh.web.readers.ReaderThreads;
import agentmesh.web.security.BearerAuthentication;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.AsyncResponse;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.Comparator;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Long polls that found nothing: suspended responses, holding no thread, answered as soon as their agent's inbox
 * gets an event (an {@link InboxSignals} signal) or with an empty page when their wait is over — or with a 401 when
 * the agent's token is rotated meanwhile: a poll lives no longer than the token it was made with. An agent has at
 * most {@code mesh.inbox.max-waits-per-agent} polls waiting: one more answers its oldest at once with what it has
 * (nothing), as a new stream closes the oldest — a client that polls again without waiting for its last answer is
 * not refused, and one agent cannot park thousands of polls, each a read whenever its inbox changes.
 */
@ApplicationScoped
public class InboxWaiters {

    @Inject
    ReaderThreads readerThreads;

    @Inject
    InboxReader reader;

    @Inject
    InboxSignals signals;

    @Inject
    AgentTokens tokens;

    @Inject
    @ConfigProperty(name = "mesh.inbox.max-waits-per-agent", defaultValue = "8")
    int maxWaitsPerAgent;

    private final Map<String, Set<Waiter>> byAgent = new ConcurrentHashMap<>();
    private final AtomicLong made = new AtomicLong();
    private final Consumer<InboxChange> listener = this::wake;
    private final Consumer<TokenRotated> rotationListener = this::answerRevoked;

    private final class Waiter {
        final String agentId;
        final String tokenHash;
        final long after;
        final int limit;
        final AsyncResponse response;
        final long madeAs = made.incrementAndGet();
        final AtomicBoolean answered = new AtomicBoolean();

        Waiter(String agentId, String tokenHash, long after, int limit, AsyncResponse response) {
            this.agentId = agentId;
            this.tokenHash = tokenHash;
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

        // resume(Throwable), not resume(Object): the failure is answered as what it maps to, not as an entity.
        void fail(Throwable failure) {
            if (answered.compareAndSet(false, true)) {
                remove(this);
                response.resume(failure);
            }
        }
    }

    @PostConstruct
    void listen() {
        signals.listen(listener);
        tokens.onRotation(rotationListener);
    }

    @PreDestroy
    void unlisten() {
        signals.unlisten(listener);
        tokens.stopListening(rotationListener);
    }

    /**
     * Suspends the response until an event after {@code after} arrives or {@code waitSeconds} pass, for as long as
     * the token with {@code tokenHash} is the agent's own. {@code signalsBeforeRead} is the agent's
     * {@link InboxSignals#countFor signal count} taken before the caller read the inbox and found nothing.
     */
    void await(String agentId, String tokenHash, long after, int limit, int waitSeconds, long signalsBeforeRead,
               AsyncResponse response) {
        Waiter waiter = new Waiter(agentId, tokenHash, after, limit, response);
        response.setTimeoutHandler(timedOut -> waiter.answer(InboxPage.empty(after)));
        response.setTimeout(waitSeconds, TimeUnit.SECONDS);
        // Added within compute: a set being emptied and dropped by remove() at the same moment is never joined.
        Set<Waiter> waiting = byAgent.compute(agentId, (id, waiters) -> {
            Set<Waiter> joined = waiters == null ? ConcurrentHashMap.newKeySet() : waiters;
            joined.add(waiter);
            return joined;
        });
        waiting.stream().sorted(Comparator.comparingLong(w -> w.madeAs))
                .limit(Math.max(0, waiting.size() - maxWaitsPerAgent))
                .forEach(oldest -> readerThreads.execute(agentId,
                        () -> oldest.answer(InboxPage.empty(oldest.after))));
        // An event may have landed between the caller's read and this registration; only then is it read again.
        if (signals.countFor(agentId) != signalsBeforeRead) {
            readerThreads.execute(agentId, () -> check(waiter));
        }
    }

    private void wake(InboxChange change) {
        byAgent.getOrDefault(change.agentId(), Set.of()).stream()
                .filter(waiter -> waiter.after < change.lastCursor())
                .forEach(waiter -> readerThreads.execute(waiter.agentId, () -> check(waiter)));
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
            waiter.fail(e);
        }
    }

    private void answerRevoked(TokenRotated rotation) {
        byAgent.getOrDefault(rotation.agentId(), Set.of()).stream()
                .filter(waiter -> !waiter.tokenHash.equals(rotation.tokenHash()))
                .forEach(waiter -> waiter.fail(BearerAuthentication.unauthorized(
                        "The token of " + rotation.agentId() + " was rotated while this poll waited")));
    }

    private void remove(Waiter waiter) {
        byAgent.computeIfPresent(waiter.agentId, (id, waiters) -> {
            waiters.remove(waiter);
            return waiters.isEmpty() ? null : waiters;
        });
    }
}
