package agentmesh.inbox.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import agentmesh.agent.control.TokenRotated;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class InboxWaitsTest {

    /** A wait that records what reached it; two alike are still two, as two requests' are. */
    static class RecordingWait implements InboxWaits.Wait {
        final String caller;
        final String tokenHash;
        final Set<String> agents;
        final List<Long> changes = new ArrayList<>();
        final List<String> revocations = new ArrayList<>();

        RecordingWait(String caller, String tokenHash, String... otherAgents) {
            this.caller = caller;
            this.tokenHash = tokenHash;
            List<String> agents = new ArrayList<>(List.of(otherAgents));
            agents.add(caller);
            this.agents = Set.copyOf(agents);
        }

        @Override
        public String caller() {
            return caller;
        }

        @Override
        public String tokenHash() {
            return tokenHash;
        }

        @Override
        public Set<String> agents() {
            return agents;
        }

        @Override
        public void inboxChanged(InboxChange change) {
            changes.add(change.lastCursor());
        }

        @Override
        public void revoked(TokenRotated rotation) {
            revocations.add(rotation.tokenHash());
        }
    }

    /** Another kind of wait, as streams are beside long polls. */
    static final class OtherKind extends RecordingWait {
        OtherKind(String caller) {
            super(caller, "h1");
        }
    }

    private final InboxWaits waits = new InboxWaits();

    @Test
    void aSignalReachesEveryWaitOfItsAgentOfEveryKindAndNoOtherAgentsWaits() {
        RecordingWait poll = new RecordingWait("alice", "h1");
        RecordingWait stream = new OtherKind("alice");
        RecordingWait bobs = new RecordingWait("bob", "h2");
        List.of(poll, stream, bobs).forEach(waits::add);

        waits.wake(new InboxChange("alice", 7));

        assertEquals(List.of(7L), poll.changes);
        assertEquals(List.of(7L), stream.changes);
        assertEquals(List.of(), bobs.changes);
    }

    @Test
    void aWaitOnTwoAgentsIsWokenByEitherAndFoundUnderBoth() {
        RecordingWait watch = new RecordingWait("alice", "h1", "bob");
        waits.add(watch);

        waits.wake(new InboxChange("bob", 3));
        waits.wake(new InboxChange("alice", 9));

        assertEquals(List.of(3L, 9L), watch.changes);
        assertEquals(List.of(watch), waits.of("bob", RecordingWait.class));
        assertEquals(Set.of(watch), waits.all(RecordingWait.class));
    }

    @Test
    void aSignalNotPastACursorAlreadyPassedOnReachesNone() {
        RecordingWait poll = new RecordingWait("alice", "h1");
        waits.add(poll);

        waits.wake(new InboxChange("alice", 17));
        waits.wake(new InboxChange("alice", 17)); // the change feed repeats it
        waits.wake(new InboxChange("alice", 16)); // a late signal of the delivering server
        waits.wake(new InboxChange("alice", 18));

        assertEquals(List.of(17L, 18L), poll.changes);
    }

    @Test
    void aRotationEndsTheWaitsItsAgentOpenedWithAnotherTokenOnly() {
        RecordingWait old = new RecordingWait("alice", "old");
        RecordingWait current = new RecordingWait("alice", "new");
        RecordingWait bobsWatchOfAlice = new RecordingWait("bob", "b", "alice");
        List.of(old, current, bobsWatchOfAlice).forEach(waits::add);

        waits.revoke(new TokenRotated("alice", "new"));

        assertEquals(List.of("new"), old.revocations);
        assertEquals(List.of(), current.revocations);
        assertEquals(List.of(), bobsWatchOfAlice.revocations); // alice is the agent it watches, not its caller
    }

    /** A stream or a long poll, as the web module's are: a wait on its own inbox, noting what reached it. */
    private static final class OwnInbox extends InboxWaits.OwnInboxWait {
        final List<String> seen = new ArrayList<>();

        OwnInbox(String agentId, String tokenHash) {
            super(agentId, tokenHash);
        }

        @Override
        public void inboxChanged(InboxChange change) {
            seen.add("events up to " + change.lastCursor());
        }

        @Override
        public void revoked(TokenRotated rotation) {
            seen.add("revoked");
        }
    }

    @Test
    void aWaitOnItsOwnInboxConcernsItsCallerOnlyAndEndsWithItsToken() {
        OwnInbox stream = new OwnInbox("alice", "old");
        OwnInbox poll = new OwnInbox("alice", "new");
        List.of(stream, poll).forEach(waits::add);

        waits.wake(new InboxChange("bob", 3));
        waits.wake(new InboxChange("alice", 4));
        waits.revoke(new TokenRotated("alice", "new"));

        assertEquals("alice", stream.caller());
        assertEquals(Set.of("alice"), stream.agents());
        assertEquals(List.of("events up to 4", "revoked"), stream.seen);
        assertEquals(List.of("events up to 4"), poll.seen);
        assertEquals(2, waits.of("alice", OwnInbox.class).size());
    }

    @Test
    void theKindsAreFoundApart() {
        RecordingWait poll = new RecordingWait("alice", "h1");
        OtherKind stream = new OtherKind("alice");
        waits.add(poll);
        waits.add(stream);

        assertEquals(List.of(stream), waits.of("alice", OtherKind.class));
        assertEquals(2, waits.of("alice", RecordingWait.class).size());
    }

    @Test
    void anAgentWhoseWaitsAllEndedIsForgottenWithItsCursor() {
        RecordingWait watch = new RecordingWait("alice", "h1", "bob");
        waits.add(watch);
        waits.wake(new InboxChange("alice", 17));

        waits.remove(watch);

        assertEquals(0, waits.agents());
        RecordingWait next = new RecordingWait("alice", "h1");
        waits.add(next);
        waits.wake(new InboxChange("alice", 17));
        assertEquals(List.of(17L), next.changes); // nothing was kept of the cursor either
    }
}
