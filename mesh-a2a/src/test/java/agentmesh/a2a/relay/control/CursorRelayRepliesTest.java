package agentmesh.a2a.relay.control;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import agentmesh.inbox.control.InboxReader;
import agentmesh.inbox.control.InboxSignals;
import agentmesh.json.MeshJson;
import agentmesh.retry.RetryPolicy;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What the outbound mechanism does with each kind of reply to a delivered event: a result moves the cursor on, a
 * refusal or an unreachable server is tried again after a backoff until the retries park the event, a call that is
 * not allowed parks it at once — and after a park the events behind it move on; a target read while its event is
 * being delivered does not have that event delivered again, and an event that came meanwhile does not wait for the
 * sweep.
 */
class CursorRelayRepliesTest {

    private final ScriptedRelay relay = new ScriptedRelay();

    @AfterEach
    void stop() {
        relay.stop();
    }

    @Test
    void aResultMovesTheCursorOnToTheNextEvent() {
        relay.start(3, new A2aCalls.Result(MeshJson.object().build()));

        await().atMost(Duration.ofSeconds(5)).until(() -> relay.cursor == 3);
        assertEquals(List.of("advance 1", "advance 2", "advance 3"), relay.notes);
    }

    @Test
    void aRefusalIsTriedAgainAfterABackoffAndParkedWhenTheRetriesSaySo() {
        relay.start(
                2,
                new A2aCalls.Refused("no"),
                new A2aCalls.Refused("no"),
                new A2aCalls.Refused("no"),
                new A2aCalls.Result(MeshJson.object().build()));

        await().atMost(Duration.ofSeconds(5)).until(() -> relay.cursor == 2);
        assertEquals(List.of("failed 1/1 at 1: no", "failed 2/2 at 1: no", "park 1: no", "advance 2"), relay.notes);
    }

    @Test
    void anUnreachableServerCountsAsAnAttemptButNotAsARefusal() {
        relay.start(
                1,
                new A2aCalls.Unreachable("down"),
                new A2aCalls.Result(MeshJson.object().build()));

        await().atMost(Duration.ofSeconds(5)).until(() -> relay.cursor == 1);
        assertEquals(List.of("failed 1/0 at 1: down", "advance 1"), relay.notes);
    }

    @Test
    void aCallThatIsNotAllowedIsParkedAtOnceAndTheNextEventGoes() {
        relay.start(
                2,
                new A2aCalls.NotAllowed("private address"),
                new A2aCalls.Result(MeshJson.object().build()));

        await().atMost(Duration.ofSeconds(5)).until(() -> relay.cursor == 2);
        assertEquals(List.of("park 1: not allowed: private address", "advance 2"), relay.notes);
    }

    @Test
    void anEventGoesOnceWhenATurnReadsItsTargetWhileTheEventIsDelivered() {
        relay.readOneTurnWhileDelivering = true;
        relay.start(1);

        await().atMost(Duration.ofSeconds(5))
                .until(() -> relay.cursor == 1
                        && relay.staleClaim > 0
                        && relay.claims.get() > relay.staleClaim
                        && !relay.delivering("a"));
        assertEquals(List.of(1L), relay.delivered);
    }

    @Test
    void anEventThatComesWhileItsTargetIsDeliveredToGoesWithoutWaitingForTheSweep() {
        relay.sweep = Duration.ofMinutes(1);
        relay.secondEventWhileDelivering = true;
        relay.start(1);
        relay.trigger();

        await().atMost(Duration.ofSeconds(5)).until(() -> relay.cursor == 2);
        assertEquals(List.of(1L, 2L), relay.delivered);
    }

    /** One target of agent "a" over an inbox of numbered events, answered in the order of a script. */
    private static final class ScriptedRelay extends CursorRelay<ScriptedRelay.Spot>
            implements CursorRelay.Targets<ScriptedRelay.Spot> {

        record Spot(long cursor, int attempts, int refusals) implements CursorRelay.Target {

            @Override
            public String key() {
                return "a";
            }

            @Override
            public String agentId() {
                return "a";
            }
        }

        final List<String> notes = new CopyOnWriteArrayList<>();
        final List<Long> delivered = new CopyOnWriteArrayList<>();
        final AtomicInteger claims = new AtomicInteger();
        // One turn reads the target while its first event is delivered, and hands the row on only after that worker
        // is done: a row read before the worker's last step.
        volatile boolean readOneTurnWhileDelivering;
        private volatile boolean deliveryStarted;
        volatile int staleClaim;
        // A second event comes after the worker's last look, and its turn finds the worker still busy.
        volatile boolean secondEventWhileDelivering;
        volatile Duration sweep = Duration.ofMillis(10);
        private final Queue<A2aCalls.Reply> script = new ArrayDeque<>();
        private volatile int events;
        volatile long cursor;
        private volatile int attempts;
        private volatile int refusals;

        void start(int inboxEvents, A2aCalls.Reply... replies) {
            events = inboxEvents;
            script.addAll(List.of(replies));
            start(
                    "scripted-relay",
                    1,
                    new PlainThreads(),
                    new InboxReader() {
                        @Override
                        public Map<String, Long> lastCursors(Collection<String> agentIds) {
                            return Map.of("a", (long) events);
                        }
                    },
                    new InboxSignals());
        }

        @Override
        protected CursorRelay.Targets<Spot> targets() {
            return this;
        }

        @Override
        public List<String> agentIds() {
            return List.of("a");
        }

        @Override
        public List<Spot> claimDue() {
            int claim = claims.incrementAndGet();
            Spot spot = new Spot(cursor, attempts, refusals);
            if (readOneTurnWhileDelivering && deliveryStarted && staleClaim == 0) {
                staleClaim = claim;
                await().atMost(Duration.ofSeconds(5)).until(() -> !delivering("a"));
            }
            return List.of(spot);
        }

        @Override
        protected Optional<JsonObject> next(Spot target, long after) {
            if (secondEventWhileDelivering && after == 1 && events == 1) {
                // The worker has found nothing more; a turn comes for a new event before the worker is done.
                int claimed = claims.get();
                events = 2;
                trigger();
                await().atMost(Duration.ofSeconds(5)).until(() -> claims.get() > claimed);
                return Optional.empty();
            }
            return after < events
                    ? Optional.of(MeshJson.object().add("cursor", after + 1).build())
                    : Optional.empty();
        }

        @Override
        protected synchronized A2aCalls.Reply deliver(Spot target, JsonObject event, int attempt) {
            delivered.add(event.getJsonNumber("cursor").longValue());
            if (readOneTurnWhileDelivering && !deliveryStarted) {
                deliveryStarted = true;
                await().atMost(Duration.ofSeconds(5)).until(() -> staleClaim > 0);
            }
            A2aCalls.Reply next = script.poll();
            return next != null ? next : new A2aCalls.Result(MeshJson.object().build());
        }

        @Override
        public boolean advance(Spot target, long at) {
            notes.add("advance " + at);
            moveTo(at);
            return true;
        }

        @Override
        public void failed(Spot target, int failures, int refused, Duration backoff, String why) {
            notes.add("failed " + failures + "/" + refused + " at " + (target.cursor() + 1) + ": " + why);
            attempts = failures;
            refusals = refused;
        }

        @Override
        public void park(Spot target, long at, String why) {
            notes.add("park " + at + ": " + why);
            moveTo(at);
        }

        // Three refusals park an event; an unreachable server is waited for. Retries come at once.
        @Override
        protected Retries retries() {
            return new Retries(new RetryPolicy(Duration.ofMillis(1), Duration.ofMillis(1), 3), false);
        }

        @Override
        protected Duration sweep() {
            return sweep;
        }

        private void moveTo(long at) {
            attempts = 0;
            refusals = 0;
            cursor = at;
        }
    }

    /** The container's thread factory, as plain threads. */
    private static final class PlainThreads implements ManagedThreadFactory {

        @Override
        public Thread newThread(Runnable work) {
            Thread thread = new Thread(work);
            thread.setDaemon(true);
            return thread;
        }

        @Override
        public ForkJoinWorkerThread newThread(ForkJoinPool pool) {
            throw new UnsupportedOperationException("no fork-join pool here");
        }
    }
}
