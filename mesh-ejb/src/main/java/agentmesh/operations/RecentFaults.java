package agentmesh.operations;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;

/**
 * The faults this instance met lately, for the admin's stats and dashboard: a broker out of reach, the identity
 * service unavailable, an outbox event dead, a record parked. A fault that repeats within a minute of its last
 * occurrence is one entry with a count (an outage refusing a thousand sends is one line, not a thousand); the
 * newest {@value #KEPT} entries are kept, in memory only.
 */
@ApplicationScoped
public class RecentFaults {

    static final int KEPT = 20;
    private static final Duration SAME_SPELL = Duration.ofMinutes(1);

    public enum Kind {
        BROKER_UNAVAILABLE,
        IDENTITY_UNAVAILABLE,
        OUTBOX_EVENT_DEAD,
        RECORD_PARKED;

        public String wireName() {
            return name().toLowerCase().replace('_', '-');
        }
    }

    /** One spell of a fault: how often it happened from {@code firstAt} to {@code lastAt}, and its latest detail. */
    public record Fault(String kind, String detail, Instant firstAt, Instant lastAt, long count) {}

    private final Deque<Fault> newestFirst = new ArrayDeque<>();

    @Inject
    Clock clock;

    public RecentFaults() {}

    RecentFaults(Clock clock) {
        this.clock = clock;
    }

    public synchronized void record(Kind kind, String detail) {
        Instant now = clock.instant();
        Fault spell = new Fault(kind.wireName(), detail, now, now, 1);
        for (Iterator<Fault> it = newestFirst.iterator(); it.hasNext(); ) {
            Fault fault = it.next();
            if (fault.kind().equals(spell.kind())) {
                if (!fault.lastAt().plus(SAME_SPELL).isBefore(now)) {
                    it.remove();
                    spell = new Fault(fault.kind(), detail, fault.firstAt(), now, fault.count() + 1);
                }
                break;
            }
        }
        newestFirst.addFirst(spell);
        if (newestFirst.size() > KEPT) {
            newestFirst.removeLast();
        }
    }

    public synchronized List<Fault> newestFirst() {
        return List.copyOf(newestFirst);
    }
}
