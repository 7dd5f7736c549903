package agentmesh.inbox.control;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
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
 *
 * <p>From the same signals this instance keeps, for the agents it last read for, the highest cursor their inbox can
 * have ({@link #nothingAfter}): a read found nothing past a cursor, and every delivery since was signalled here and
 * raised it. A reader that keeps up polls again from the cursor its last answer ended at, which is that cursor: it
 * need not read to find nothing. A read's knowledge is kept only when its stripe heard no signal while it read (the
 * delivery it might have missed), and a signal only raises what is known, never makes it up; so what is kept is never
 * below the truth. {@value #AGENTS_PER_STRIPE} agents per stripe are remembered, the least recently used forgotten.
 */
@ApplicationScoped
public class InboxSignals {

    static final int AGENTS_PER_STRIPE = 64;

    private static final int STRIPES = 1024;

    private final Set<Consumer<InboxChange>> listeners = ConcurrentHashMap.newKeySet();
    private final Stripe[] stripes = new Stripe[STRIPES];

    /** A stripe's signal count and last cursors change together, under its lock: a reader sees both or neither. */
    private static final class Stripe {
        long signalled;
        final Map<String, Long> lastCursors = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
                return size() > AGENTS_PER_STRIPE;
            }
        };
    }

    public InboxSignals() {
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
            Long last = stripe.lastCursors.get(agentId);
            return last != null && last <= cursor;
        }
    }

    /**
     * A read found no event after {@code cursor}; kept unless the agent's stripe was signalled since
     * {@code countBeforeRead}, its count taken before the read.
     */
    public void foundNothingAfter(String agentId, long cursor, long countBeforeRead) {
        Stripe stripe = stripeOf(agentId);
        synchronized (stripe) {
            if (stripe.signalled == countBeforeRead) {
                stripe.lastCursors.merge(agentId, cursor, Math::max);
            }
        }
    }

    // Counted before the listeners hear it: a reader that registered too late for the signal sees the count moved.
    void signal(InboxChange change) {
        Stripe stripe = stripeOf(change.agentId());
        synchronized (stripe) {
            stripe.lastCursors.computeIfPresent(change.agentId(), (agent, last) -> Math.max(last, change.lastCursor()));
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
