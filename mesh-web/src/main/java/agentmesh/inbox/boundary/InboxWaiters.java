package agentmesh.inbox.boundary;

import agentmesh.agent.control.TokenRotated;
import agentmesh.inbox.control.InboxChange;
import agentmesh.inbox.control.InboxPage;
import agentmesh.inbox.control.InboxReader;
import agentmesh.inbox.control.InboxSignals;
import agentmesh.inbox.control.InboxWaits;
import agentmesh.web.readers.ReaderThreads;
import agentmesh.web.security.BearerAuthentication;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.AsyncResponse;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Long polls that found nothing — suspended responses holding no thread, and MCP's {@code mesh_wait_for_message}
 * (a future) — answered as soon as their agent's inbox gets an event (an {@link InboxSignals} signal) or with an
 * empty page when their wait is over — or with a 401 when the agent's token is rotated meanwhile: a poll lives no
 * longer than the token it was made with. An agent has at most {@code mesh.inbox.max-waits-per-agent} polls waiting:
 * one more answers its oldest at once with what it has (nothing), as a new stream closes the oldest — a client that
 * polls again without waiting for its last answer is not refused, and one agent cannot park thousands of polls, each
 * woken whenever its inbox changes. The polls wait in {@link InboxWaits}, which wakes them and tells them of
 * rotations.
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

    private final class Waiter extends InboxWaits.OwnInboxWait {
        final long after;
        final int limit;
        final CompletableFuture<InboxPage> answer = new CompletableFuture<>();
        final long madeAs = made.incrementAndGet();
        // The latest change not yet checked: one check queued at a time, and no queue of deliveries' events behind an
        // agent's lane that a slow client of its holds up.
        final AtomicReference<InboxChange> signalled = new AtomicReference<>();

        Waiter(String agentId, String tokenHash, long after, int limit) {
            super(agentId, tokenHash);
            this.after = after;
            this.limit = limit;
            answer.whenComplete((page, failure) -> waits.remove(this));
        }

        @Override
        public void inboxChanged(InboxChange change) {
            if (after < change.lastCursor() && signalled.getAndAccumulate(change, InboxChange::later) == null) {
                readerThreads.execute(caller(), () -> check(this, signalled.getAndSet(null)));
            }
        }

        @Override
        public void revoked(TokenRotated rotation) {
            answer.completeExceptionally(BearerAuthentication.unauthorized(
                    "The token of " + rotation.agentId() + " was rotated while this poll waited"));
        }

        boolean answered() {
            return answer.isDone();
        }
    }

    /**
     * Suspends the response until an event after {@code after} arrives or {@code waitSeconds} pass, for as long as
     * the token with {@code tokenHash} is the agent's own. {@code signalsBeforeRead} is the agent's
     * {@link InboxSignals#countFor signal count} taken before the caller read the inbox and found nothing.
     */
    void await(
            String agentId,
            String tokenHash,
            long after,
            int limit,
            int waitSeconds,
            long signalsBeforeRead,
            AsyncResponse response) {
        Waiter waiter = new Waiter(agentId, tokenHash, after, limit);
        // resume(Throwable), not resume(Object): a failure is answered as what it maps to, not as an entity.
        waiter.answer.whenComplete((page, failure) -> {
            if (failure == null) {
                response.resume(page);
            } else {
                response.resume(failure);
            }
        });
        response.setTimeoutHandler(timedOut -> waiter.answer.complete(InboxPage.empty(after)));
        response.setTimeout(waitSeconds, TimeUnit.SECONDS);
        register(waiter, signalsBeforeRead);
    }

    /**
     * The same wait for a caller without a suspended response (an MCP tool): the page, empty after
     * {@code waitSeconds}, or the failure (a 401 when the token is rotated meanwhile). No thread waits here; the
     * caller decides whether to block on it.
     */
    public CompletableFuture<InboxPage> await(
            String agentId, String tokenHash, long after, int limit, int waitSeconds, long signalsBeforeRead) {
        Waiter waiter = new Waiter(agentId, tokenHash, after, limit);
        waiter.answer.completeOnTimeout(InboxPage.empty(after), waitSeconds, TimeUnit.SECONDS);
        register(waiter, signalsBeforeRead);
        return waiter.answer;
    }

    private void register(Waiter waiter, long signalsBeforeRead) {
        String agentId = waiter.caller();
        waits.add(waiter);
        List<Waiter> waiting = waits.of(agentId, Waiter.class);
        waiting.stream()
                .sorted(Comparator.comparingLong(w -> w.madeAs))
                .limit(Math.max(0, waiting.size() - maxWaitsPerAgent))
                .forEach(oldest ->
                        readerThreads.execute(agentId, () -> oldest.answer.complete(InboxPage.empty(oldest.after))));
        // An event may have landed between the caller's read and this registration; only then is it read again.
        if (signals.countFor(agentId) != signalsBeforeRead) {
            readerThreads.execute(agentId, () -> check(waiter, () -> read(waiter)));
        }
    }

    // Woken by a change: the events its delivery handed over answer the poll when they follow its cursor.
    private void check(Waiter waiter, InboxChange change) {
        check(
                waiter,
                () -> reader.handedAfter(waiter.caller(), waiter.after, waiter.limit, change)
                        .orElseGet(() -> read(waiter)));
    }

    private InboxPage read(Waiter waiter) {
        return reader.after(waiter.caller(), waiter.after, waiter.limit);
    }

    private void check(Waiter waiter, Supplier<InboxPage> events) {
        if (waiter.answered()) {
            return;
        }
        try {
            InboxPage page = events.get();
            if (!page.events().isEmpty()) {
                waiter.answer.complete(page);
            }
        } catch (RuntimeException e) {
            waiter.answer.completeExceptionally(e);
        }
    }
}
