package agentmesh.a2a.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class A2aStatesTest {

    @Test
    void aWireStateOfEitherVersionNamesTheMeshsAndAnUnknownOneNone() {
        assertEquals("input-required", A2aStates.meshState("TASK_STATE_INPUT_REQUIRED"));
        assertEquals("input-required", A2aStates.meshState("input-required"));
        assertNull(A2aStates.meshState("TASK_STATE_RUNNING"));
        assertNull(A2aStates.meshState("TASK_STATE_UNSPECIFIED"));
    }

    @Test
    void terminalStatesEndAStreamAndTheTwoWaitingOnesInterruptIt() {
        for (String terminal : List.of("completed", "failed", "canceled", "rejected")) {
            assertTrue(A2aStates.isStreamEnd(terminal), terminal);
            assertFalse(A2aStates.isInterrupted(terminal), terminal);
        }
        for (String waiting : List.of("input-required", "auth-required")) {
            assertTrue(A2aStates.isInterrupted(waiting), waiting);
            assertFalse(A2aStates.isStreamEnd(waiting), waiting);
        }
        assertFalse(A2aStates.isStreamEnd("working") || A2aStates.isInterrupted("working"));
    }
}
