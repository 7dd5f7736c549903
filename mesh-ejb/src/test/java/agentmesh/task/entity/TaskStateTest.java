package agentmesh.task.entity;

import org.junit.jupiter.api.Test;

import java.util.EnumSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TaskStateTest {

    @Test
    void theLastFourStatesAreTerminal() {
        EnumSet<TaskState> terminal = EnumSet.noneOf(TaskState.class);
        for (TaskState state : TaskState.values()) {
            if (state.isTerminal()) {
                terminal.add(state);
            }
        }
        assertEquals(EnumSet.of(TaskState.COMPLETED, TaskState.FAILED, TaskState.CANCELED, TaskState.REJECTED),
                terminal);
    }

    @Test
    void wireNamesRoundTrip() {
        assertEquals("input-required", TaskState.INPUT_REQUIRED.wireName());
        for (TaskState state : TaskState.values()) {
            assertEquals(state, TaskState.fromWireName(state.wireName()));
        }
    }
}
