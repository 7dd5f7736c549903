package agentmesh.inbox.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class InboxSignalsTest {

    private final InboxSignals signals = new InboxSignals();

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
}
