package agentmesh.inbox.control;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

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
 *
 * <p>From the same signals this instance keeps, for the agents it last read for, a ceiling: the highest cursor their
 * inbox can have ({@link #nothingAfter}). A read found nothing past a cursor, and every delivery since was signalled
 * here and raised it. A reader that keeps up polls again from the cursor its last answer ended at, which is the
 * ceiling: it need not read to find nothing. A read's ceiling is kept only when its stripe heard no signal while it
 * read (the delivery it might have missed), and a signal only raises a ceiling, never makes one up; so a ceiling is
 * never below the truth — as long as every delivery is signalled. Another instance's are signalled by the change
 * feed, which finds a delivery whose commit came within seconds of its statement: so a ceiling is trusted for
 * {@link #CEILING_TRUSTED} after its read, and a delivery the feed missed costs a reader at most that, as it did a
 * waiting poll before. {@value #AGENTS_PER_STRIPE} agents per stripe are kept, the least recently used forgotten.
 */
@ApplicationScoped
public class InboxSignals {

    static final int AGENTS_PER_STRIPE = 64;

    static final Duration CEILING_TRUSTED = Duration.ofSeconds(10);

    private static final int STRIPES = 1024;

    private final Set<Consumer<InboxChange>> listeners = ConcurrentHashMap.newKeySet();
    private final Stripe[] stripes = new Stripe[STRIPES];
    private final LongSupplier nanoTime;

    /** The highest cursor an agent's inbox can have, and when the read it rests on was made. */
    private record Ceiling(long cursor, long readAtNanos) {}

    /** A stripe's signal count and ceilings change together, under its lock: a reader sees both or neither. */
    private static final class Stripe {
        long signalled;
        final Map<String, Ceiling> ceilings = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Ceiling> eldest) {
                return size() > AGENTS_PER_STRIPE;
            }
        };
    }

    public InboxSignals() {
        this(System::nanoTime);
    }

    InboxSignals(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new Stripe();
        }
    }

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
        Stripe stripe = stripeOf(agentId);
        synchronized (stripe) {
            return stripe.signalled;
        }
    }

    /** Whether this instance knows the agent's inbox to hold no event after {@code cursor}. */
    public boolean nothingAfter(String agentId, long cursor) {
        Stripe stripe = stripeOf(agentId);
        synchronized (stripe) {
            Ceiling ceiling = stripe.ceilings.get(agentId);
            return ceiling != null
                    && ceiling.cursor() <= cursor
                    && nanoTime.getAsLong() - ceiling.readAtNanos() < CEILING_TRUSTED.toNanos();
        }
    }

    /**
     * A read found no event after {@code cursor}: the agent's ceiling from now on, unless its stripe was signalled
     * since {@code countBeforeRead}, its count taken before the read.
     */
    public void foundNothingAfter(String agentId, long cursor, long countBeforeRead) {
        Stripe stripe = stripeOf(agentId);
        synchronized (stripe) {
            if (stripe.signalled == countBeforeRead) {
                stripe.ceilings.put(agentId, new Ceiling(cursor, nanoTime.getAsLong()));
            }
        }
    }

    // Counted before the listeners hear it: a reader that registered too late for the signal sees the count moved.
    void signal(InboxChange change) {
        Stripe stripe = stripeOf(change.agentId());
        synchronized (stripe) {
            stripe.ceilings.computeIfPresent(
                    change.agentId(),
                    (agent, ceiling) -> ceiling.cursor() >= change.lastCursor()
                            ? ceiling
                            : new Ceiling(change.lastCursor(), ceiling.readAtNanos()));
            stripe.signalled++;
        }
        listeners.forEach(listener -> listener.accept(change));
    }

    static int stripe(String agentId) {
        return Math.floorMod(agentId.hashCode(), STRIPES);
    }

    private Stripe stripeOf(String agentId) {
        return stripes[stripe(agentId)];
    }
}
