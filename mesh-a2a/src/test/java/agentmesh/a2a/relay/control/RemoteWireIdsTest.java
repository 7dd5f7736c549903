package agentmesh.a2a.relay.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RemoteWireIdsTest {

    @Test
    void equalMessageIdsOfTwoSendersDifferOnTheWire() {
        assertNotEquals(WireIds.messageId("echo", "alice", "m-1"), WireIds.messageId("echo", "bob", "m-1"));
    }

    @Test
    void theSameMessageSentAgainHasTheSameWireId() {
        assertEquals(WireIds.messageId("echo", "alice", "m-1"), WireIds.messageId("echo", "alice", "m-1"));
    }

    @Test
    void aSendersIdsDifferBetweenTwoRemoteAgentsOfOneServer() {
        assertNotEquals(WireIds.messageId("echo", "alice", "m-1"), WireIds.messageId("echo-2", "alice", "m-1"));
    }

    @Test
    void equalContextIdsOfTwoSendersDifferOnTheWire() {
        assertNotEquals(WireIds.contextId("echo", "alice", "ctx"), WireIds.contextId("echo", "bob", "ctx"));
        assertEquals(WireIds.contextId("echo", "alice", "ctx"), WireIds.contextId("echo", "alice", "ctx"));
    }

    @Test
    void theSenderAndIdCannotBeShiftedIntoEachOther() {
        assertNotEquals(WireIds.messageId("echo", "alice", "b-1"), WireIds.messageId("echo", "alice-b", "1"));
        assertNotEquals(WireIds.messageId("echo", "ab", "c"), WireIds.messageId("echo", "a", "bc"));
    }

    @Test
    void aWireIdShowsNeitherSenderNorId() {
        String id = WireIds.messageId("echo", "alice", "secret-plan-7");
        assertTrue(!id.contains("alice") && !id.contains("secret-plan-7") && id.matches("m-[0-9a-f]{32}"), id);
    }
}
