package agentmesh.inbox.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class InboxSignalsTest {

    private final AtomicLong nanoTime = new AtomicLong();
    private final InboxSignals signals = new InboxSignals(nanoTime::get);

    @Test
    void aSignalMovesItsAgentsCountAndNoOtherStripesCount() {
        long alice = signals.countFor("alice");
        long bob = signals.countFor("bob");

        signals.signal(new InboxChange("alice", 7));

        assertNotEquals(alice, signals.countFor("alice"));
        assertEquals(bob, signals.countFor("bob")); // "alice" and "bob" fall into different stripes
    }

    @Test
    void theCountHasMovedBeforeAnyListenerHearsTheSignal() {
        long before = signals.countFor("alice");
        List<Long> countsHeard = new ArrayList<>();
        signals.listen(change -> countsHeard.add(signals.countFor(change.agentId())));

        signals.signal(new InboxChange("alice", 1));

        assertEquals(List.of(before + 1), countsHeard);
    }

    @Test
    void nothingIsKnownOfAnInboxUntilAReadFindsItEmptyAndASignalDoesNotMakeItUp() {
        signals.signal(new InboxChange("alice", 3));
        assertFalse(signals.nothingAfter("alice", 3));

        signals.foundNothingAfter("alice", 3, signals.countFor("alice"));

        assertTrue(signals.nothingAfter("alice", 3));
        assertTrue(signals.nothingAfter("alice", 4));
        assertFalse(signals.nothingAfter("alice", 2));
        assertFalse(signals.nothingAfter("bob", 3));
    }

    @Test
    void aSignalRaisesWhatIsKnownAndALateLowerOneDoesNotLowerIt() {
        signals.foundNothingAfter("alice", 3, signals.countFor("alice"));

        signals.signal(new InboxChange("alice", 9));
        signals.signal(new InboxChange("alice", 5)); // an older delivery's signal, heard after the change feed's

        assertFalse(signals.nothingAfter("alice", 8));
        assertTrue(signals.nothingAfter("alice", 9));
    }

    @Test
    void aReadDuringWhichItsStripeWasSignalledIsNotKept() {
        long beforeRead = signals.countFor("alice");
        signals.signal(new InboxChange("alice", 4)); // committed after the read's snapshot: the read did not see it

        signals.foundNothingAfter("alice", 3, beforeRead);

        assertFalse(signals.nothingAfter("alice", 3));
    }

    @Test
    void aStripeRemembersItsMostRecentlyUsedAgentsOnly() {
        int stripe = InboxSignals.stripe("alice");
        List<String> sameStripe = IntStream.range(0, 1_000_000)
                .mapToObj(i -> "agent-" + i)
                .filter(agent -> InboxSignals.stripe(agent) == stripe)
                .limit(InboxSignals.AGENTS_PER_STRIPE)
                .toList();
        signals.foundNothingAfter("alice", 1, signals.countFor("alice"));

        sameStripe.forEach(agent -> signals.foundNothingAfter(agent, 1, signals.countFor(agent)));

        assertFalse(signals.nothingAfter("alice", 1), "the least recently used agent is forgotten");
        assertTrue(sameStripe.stream().allMatch(agent -> signals.nothingAfter(agent, 1)));
    }

    @Test
    void aCeilingIsTrustedForTenSecondsAfterItsReadWhateverTheSignalsSinceSay() {
        signals.foundNothingAfter("alice", 3, signals.countFor("alice"));
        nanoTime.addAndGet(InboxSignals.CEILING_TRUSTED.toNanos() - 1);
        signals.signal(new InboxChange("alice", 4)); // raises the ceiling, not the time it rests on

        assertTrue(signals.nothingAfter("alice", 4));
        nanoTime.incrementAndGet();
        assertFalse(signals.nothingAfter("alice", 4), "a delivery the change feed missed costs a reader 10 s at most");
    }

    @Test
    void aLaterReadReplacesACeilingAReaderAheadOfItsInboxLeft() {
        signals.foundNothingAfter("alice", 1_000, signals.countFor("alice")); // a cursor far past the last event

        signals.foundNothingAfter("alice", 3, signals.countFor("alice"));

        assertTrue(signals.nothingAfter("alice", 3));
    }
}
