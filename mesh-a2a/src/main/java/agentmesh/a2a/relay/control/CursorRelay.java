package agentmesh.a2a.relay.control;

import agentmesh.inbox.control.InboxChange;
import agentmesh.inbox.control.InboxReader;
import agentmesh.inbox.control.InboxSignals;
import agentmesh.retry.Attempts;
import agentmesh.retry.RetryPolicy;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * The one mechanism of the mesh's outbound deliveries — a remote agent's inbox to its A2A server
 * ({@link RemoteRelay}), a task's updates to an A2A client's webhook ({@link PushRelay}): each target reads an agent's
 * inbox after a cursor of its own, stored on its row, one event at a time in inbox order. The next event goes only
 * once this one is answered: a {@link A2aCalls.Result} moves the cursor on; a failure is tried again with backoff
 * ({@link Retries}), the events behind it waiting in order, until the retries say to park it as a dead letter, for an
 * admin to replay, and the events behind it move on; a call the {@link UrlPolicy} does not allow parks the event at
 * once. Delivery is at least once: a crash between an answer and the note of it sends the event again.
 *
 * <p>One instance delivers a target at a time: the store hands out leases ({@link Targets#claimDue()}), renewed at every
 * turn. A turn reads where the leased targets' inboxes stand in one query ({@link InboxReader#lastCursors}) and
 * looks only at the targets behind them: an idle target costs no query of its own. Runs on one container thread,
 * woken by an inbox signal of an agent a target reads, when a retry is due, and every {@link #sweep()}; the calls
 * run on a fixed number of workers, one target on one worker at a time, for one turn of at most
 * {@link #EVENTS_PER_TURN} events or {@link #TURN_TIME} — so a slow target holds one worker for a while, not all of
 * them for long, and every call is bounded ({@link RemoteLimits}).
 *
 * @param <T> a target as its store reads it: where its cursor stands and how often its next event failed
 */
abstract class CursorRelay<T extends CursorRelay.Target> {

    private static final Logger LOG = Logger.getLogger(CursorRelay.class.getName());
    private static final int EVENTS_PER_TURN = 50;
    private static final Duration TURN_TIME = Duration.ofSeconds(10);
    // A failed call is tried again when its backoff is over by the database's clock: woken a little after it.
    private static final Duration DUE_MARGIN = Duration.ofMillis(50);
    // Without targets a relay costs one query per this; a target made on another instance is picked up within it.
    private static final Duration ID_REFRESH = Duration.ofSeconds(10);

    /** Where a target's delivery stands. */
    interface Target {

        /** What names it among its relay's targets. */
        String key();

        /** The agent whose inbox it reads. */
        String agentId();

        long cursor();

        /** Failed calls for the event after the cursor, and of those the ones the other side refused. */
        int attempts();

        int refusals();
    }

    /**
     * Where a relay's targets are kept: which agents' inboxes they read, and each one's lease, cursor, retry state and
     * parked events ({@link RelayTargets}).
     */
    interface Targets<T extends Target> {

        /** The agents whose inboxes the targets read (those whose inbox signals wake the relay). */
        List<String> agentIds();

        /** Takes or renews the lease on each target that is due; returns those now this instance's. */
        List<T> claimDue();

        /** The event at {@code cursor} is done with; false when the lease went to another instance meanwhile. */
        boolean advance(T target, long cursor);

        void failed(T target, int attempts, int refusals, Duration backoff, String why);

        /** Sets the event aside as a dead letter and moves the cursor past it. */
        void park(T target, long cursor, String why);

        /** Called before the agents are read again (every ten seconds): the moment to forget old targets. */
        default void tidy() {}
    }

    /**
     * How a target's failed event is retried: by the mesh's one {@link RetryPolicy}, counting refusals always and an
     * other side out of reach only when {@code unreachableCounts} (a webhook; a remote agent's server is waited for).
     */
    record Retries(RetryPolicy policy, boolean unreachableCounts) {

        /** The event's failures so far, as the policy counts them. */
        Attempts attempts(int failures, int refusals) {
            return new Attempts(failures, unreachableCounts ? failures : refusals);
        }
    }

    private final Set<String> agentIds = ConcurrentHashMap.newKeySet();
    private final Set<String> busy = ConcurrentHashMap.newKeySet();
    // Targets a turn passed over while a worker delivered to them: that worker asks for a turn when it is done.
    private final Set<String> passedOver = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean wanted = new AtomicBoolean();
    private final AtomicBoolean idsDirty = new AtomicBoolean(true);
    private final AtomicLong nextDueNanos = new AtomicLong(Long.MAX_VALUE);
    private long idsReadAt;
    private final Consumer<InboxChange> listener = change -> {
        if (agentIds.contains(change.agentId())) {
            trigger();
        }
    };
    private volatile boolean stopped;
    private InboxReader inbox;
    private InboxSignals signals;
    private ExecutorService workers;
    private Thread thread;

    // ---- what each relay's targets are ----

    protected abstract Targets<T> targets();

    /** The next event for the target after the cursor, if there is one. */
    protected abstract Optional<JsonObject> next(T target, long cursor);

    /**
     * Calls the other side for one event, made {@code attempt} times for it before; an event that carries a trace
     * context is called for in a span of its trace ({@link CallSpan}).
     */
    protected abstract A2aCalls.Reply deliver(T target, JsonObject event, int attempt);

    protected abstract Retries retries();

    /**
     * How often a turn comes without an inbox signal: it renews the leases, takes over those another instance let
     * run out, and looks at targets whose signal was missed. A failed call's retry wakes the relay when it is due.
     */
    protected Duration sweep() {
        return Duration.ofSeconds(1);
    }

    /** Called with each turn's leased targets before they are delivered to. */
    protected void leased(List<T> targets) {}

    /** The event is delivered and the cursor past it; false when the target wants nothing more. */
    protected boolean delivered(T target, JsonObject event) {
        return true;
    }

    // ---- the loop ----

    protected void start(
            String name,
            int threads,
            ManagedThreadFactory threadFactory,
            InboxReader inboxReader,
            InboxSignals inboxSignals) {
        inbox = inboxReader;
        signals = inboxSignals;
        workers = Executors.newFixedThreadPool(threads, threadFactory);
        signals.listen(listener);
        thread = threadFactory.newThread(this::run);
        thread.setName(name);
        thread.start();
    }

    protected void stop() {
        stopped = true;
        if (thread != null) {
            signals.unlisten(listener);
            LockSupport.unpark(thread);
            workers.shutdownNow();
        }
    }

    /** Asks for a turn soon (an inbox event for a target's agent, a target made, a replay). */
    void trigger() {
        if (!wanted.getAndSet(true) && thread != null) {
            LockSupport.unpark(thread);
        }
    }

    /** A target of this agent's was made here: its inbox signals count from now. */
    void known(String agentId) {
        agentIds.add(agentId);
        idsDirty.set(true);
        trigger();
    }

    private void run() {
        while (!stopped) {
            if (!wanted.getAndSet(false)) {
                long untilDue = nextDueNanos.get() - System.nanoTime();
                LockSupport.parkNanos(this, Math.max(0, Math.min(sweep().toNanos(), untilDue)));
            }
            if (nextDueNanos.get() - System.nanoTime() <= 0) {
                nextDueNanos.set(Long.MAX_VALUE);
            }
            try {
                turn();
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, getClass().getSimpleName() + ": a turn failed; the next one tries again", e);
            }
        }
    }

    private void turn() {
        if (idsDirty.getAndSet(false) || System.nanoTime() - idsReadAt > ID_REFRESH.toNanos()) {
            targets().tidy();
            List<String> ids = targets().agentIds();
            agentIds.retainAll(ids);
            agentIds.addAll(ids);
            idsReadAt = System.nanoTime();
        }
        if (agentIds.isEmpty()) {
            return;
        }
        // Only this thread starts workers: a target no worker delivers to now has its row read as it stands. One a
        // worker delivers to may be read from before that worker's last step, and would send that event again.
        Set<String> delivering = Set.copyOf(busy);
        List<T> leased = targets().claimDue();
        leased(leased);
        Map<String, Long> inboxes =
                inbox.lastCursors(leased.stream().map(Target::agentId).collect(Collectors.toSet()));
        for (T target : leased) {
            if (target.cursor() >= inboxes.getOrDefault(target.agentId(), 0L)) {
                continue; // nothing after its cursor
            }
            if (delivering.contains(target.key()) || !busy.add(target.key())) {
                passOver(target.key());
                continue;
            }
            try {
                workers.execute(() -> {
                    boolean failed = true;
                    try {
                        relay(target);
                        failed = false;
                    } catch (RuntimeException e) {
                        LOG.log(
                                Level.WARNING,
                                "Delivering to " + target.key() + " failed; the next sweep tries again",
                                e);
                    } finally {
                        busy.remove(target.key());
                        if (passedOver.remove(target.key()) && !failed) {
                            trigger();
                        }
                    }
                });
            } catch (RejectedExecutionException stopping) {
                busy.remove(target.key());
                return; // the application is stopping: its lease lets another instance go on
            }
        }
    }

    /** Whether a worker delivers to the target now. */
    boolean delivering(String key) {
        return busy.contains(key);
    }

    /** Leaves a target to the worker delivering to it, which asks for a turn when it is done (or this one does). */
    private void passOver(String key) {
        passedOver.add(key);
        if (!busy.contains(key) && passedOver.remove(key)) {
            trigger(); // its worker finished before it could see the mark
        }
    }

    private void relay(T target) {
        long cursor = target.cursor();
        int attempts = target.attempts();
        int refusals = target.refusals();
        long turnEnd = System.nanoTime() + TURN_TIME.toNanos();
        Retries retries = retries();
        for (int i = 0; i < EVENTS_PER_TURN && !stopped && System.nanoTime() - turnEnd < 0; i++) {
            Optional<JsonObject> next = next(target, cursor);
            if (next.isEmpty()) {
                return;
            }
            long eventCursor = next.get().getJsonNumber("cursor").longValue();
            A2aCalls.Reply reply = deliver(target, next.get(), attempts);
            if (reply instanceof A2aCalls.NotAllowed notAllowed) {
                LOG.warning(() -> "Inbox event " + eventCursor + " for " + target.key() + " is parked: the call is"
                        + " not allowed: " + notAllowed.why());
                targets().park(target, eventCursor, "not allowed: " + notAllowed.why());
                trigger(); // the events behind it are due now
                return;
            }
            if (reply instanceof A2aCalls.Unreachable || reply instanceof A2aCalls.Refused) {
                int failures = attempts + 1;
                int refused = reply instanceof A2aCalls.Refused ? refusals + 1 : refusals;
                String why = reply instanceof A2aCalls.Refused r ? r.why() : ((A2aCalls.Unreachable) reply).why();
                RetryPolicy.Decision decision = retries.policy().after(retries.attempts(failures, refused));
                if (decision instanceof RetryPolicy.Park) {
                    LOG.warning(() -> "Inbox event " + eventCursor + " for " + target.key() + " failed " + failures
                            + " times; it is parked: " + why);
                    targets().park(target, eventCursor, why);
                    trigger();
                } else {
                    Duration backoff = ((RetryPolicy.RetryAfter) decision).delay();
                    targets().failed(target, failures, refused, backoff, why);
                    long due = System.nanoTime() + backoff.plus(DUE_MARGIN).toNanos();
                    nextDueNanos.accumulateAndGet(
                            due, (current, candidate) -> candidate - current < 0 ? candidate : current);
                }
                return;
            }
            if (!targets().advance(target, eventCursor) || !delivered(target, next.get())) {
                return; // the lease went to another instance meanwhile, or the target is done
            }
            cursor = eventCursor;
            attempts = 0;
            refusals = 0;
        }
        trigger(); // more may be waiting
    }
}
