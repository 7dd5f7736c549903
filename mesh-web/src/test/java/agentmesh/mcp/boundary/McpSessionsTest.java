package agentmesh.mcp.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class McpSessionsTest {

    @Test
    void anAgentPastItsCapClosesItsOwnOldestSession() {
        McpSessions sessions = new McpSessions(2, 100);
        assertEquals(List.of(), sessions.opened("alice", "t1", "a1"));
        assertEquals(List.of(), sessions.opened("bob", "t2", "b1"));
        assertEquals(List.of(), sessions.opened("alice", "t1", "a2"));

        assertEquals(List.of("a1"), sessions.opened("alice", "t1", "a3"));
        assertEquals(3, sessions.open());
    }

    @Test
    void pastTheServersCapTheOldestOfAllIsClosed() {
        McpSessions sessions = new McpSessions(8, 2);
        sessions.opened("alice", "t1", "a1");
        sessions.opened("bob", "t2", "b1");

        assertEquals(List.of("a1"), sessions.opened("carol", "t3", "c1"));
    }

    @Test
    void aRotationRevokesTheSessionsOfTheOldTokenOnly() {
        McpSessions sessions = new McpSessions(8, 100);
        sessions.opened("alice", "old", "a1");
        sessions.opened("alice", "new", "a2");
        sessions.opened("bob", "old", "b1");

        sessions.rotated("alice", "new");

        assertTrue(sessions.isRevoked("a1"));
        assertFalse(sessions.isRevoked("a2"));
        assertFalse(sessions.isRevoked("b1"));
        assertEquals(List.of("a1"), sessions.takeRevoked());
        assertFalse(sessions.isRevoked("a1"));
        assertEquals(List.of(), sessions.takeRevoked());
        assertEquals(2, sessions.open());
    }

    @Test
    void aSessionClosedByItsClientIsNoLongerCounted() {
        McpSessions sessions = new McpSessions(1, 100);
        sessions.opened("alice", "t1", "a1");
        sessions.closed("a1");

        assertEquals(List.of(), sessions.opened("alice", "t1", "a2"));
        assertEquals(1, sessions.open());
    }
}
