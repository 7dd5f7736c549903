package agentmesh.web.limits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("G7")
class AgentConcurrencyTest {

    @Test
    void anAgentAtItsLimitIsRefusedWhileAnotherAgentIsNot() {
        AgentConcurrency limit = new AgentConcurrency(2);

        assertTrue(limit.tryAcquire("mallory"));
        assertTrue(limit.tryAcquire("mallory"));
        assertFalse(limit.tryAcquire("mallory"));
        assertTrue(limit.tryAcquire("alice"));
        assertEquals(2, limit.inFlight("mallory"));
        assertEquals(1, limit.inFlight("alice"));
    }

    @Test
    void aReleasedPlaceIsTheAgentsToTakeAgainAndAnIdleAgentIsForgotten() {
        AgentConcurrency limit = new AgentConcurrency(1);
        assertTrue(limit.tryAcquire("alice"));

        limit.release("alice");

        assertEquals(0, limit.inFlight("alice"));
        assertTrue(limit.tryAcquire("alice"));
        limit.release("alice");
        limit.release("alice"); // a release too many takes nothing below zero
        assertEquals(0, limit.inFlight("alice"));
    }
}
