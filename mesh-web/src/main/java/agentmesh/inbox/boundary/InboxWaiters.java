package agentmesh.inbox.boundary;

import agentmesh.agent.control.TokenRotated;
import agentmesh.inbox.control.InboxChange;
import agentmesh.inbox.control.InboxPage;
import agentmesh.inbox.control.InboxReader;
import agentmesh.inbox.control.InboxSignals;
import agentmesh.inbox.control.InboxWaits;
import agentmesh.web.security.BearerAuthentication;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.AsyncResponse;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Long polls that found nothing: suspended responses, holding no thread, answered as soon as their agent's inbox
 * gets an event (an {@link InboxSignals} signal) or with an empty page when their wait is over — or with a 401 when
 * the agent's token is rotated meanwhile: a poll lives no longer than the token it was made with. An agent has at
 * most {@code mesh.inbox.max-waits-per-agent} polls waiting: one more answers its oldest at once with what it has
 * (nothing), as a new stream closes the oldest — a client that polls again without waiting for its last answer is
 * not refused, and one agent cannot park thousands of polls, each a read whenever its inbox changes. The polls wait
 * in {@link InboxWaits}, which wakes them and tells them of rotations.
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
    InboxWaits waits;

    @Inject
    @ConfigProperty(name = "mesh.inbox.max-waits-per-agent", defaultValue = "8")
    int maxWaitsPerAgent;

    private final AtomicLong made = new AtomicLong();

    private final class Waiter implements InboxWaits.Wait {
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

        @Override
        public String caller() {
            return agentId;
        }

        @Override
        public String tokenHash() {
            return tokenHash;
        }

        @Override
        public Set<String> agents() {
            return Set.of(agentId);
        }

        @Override
        public void inboxChanged(InboxChange change) {
            if (after < change.lastCursor()) {
                readerThreads.execute(agentId, () -> check(this));
            }
        }

        @Override
        public void revoked(TokenRotated rotation) {
            fail(BearerAuthentication.unauthorized(
                    "The token of " + rotation.agentId() + " was rotated while this poll waited"));
        }

        void answer(InboxPage page) {
            if (answered.compareAndSet(false, true)) {
                waits.remove(this);
                response.resume(page);
            }
        }

        // resume(Throwable), not resume(Object): the failure is answered as what it maps to, not as an entity.
        void fail(Throwable failure) {
            if (answered.compareAndSet(false, true)) {
                waits.remove(this);
                response.resume(failure);
            }
        }
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
        waits.add(waiter);
        List<Waiter> waiting = waits.of(agentId, Waiter.class);
        waiting.stream().sorted(Comparator.comparingLong(w -> w.madeAs))
                .limit(Math.max(0, waiting.size() - maxWaitsPerAgent))
                .forEach(oldest -> readerThreads.execute(agentId,
                        () -> oldest.answer(InboxPage.empty(oldest.after))));
        // An event may have landed between the caller's read and this registration; only then is it read again.
        if (signals.countFor(agentId) != signalsBeforeRead) {
            readerThreads.execute(agentId, () -> check(waiter));
        }
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
}
