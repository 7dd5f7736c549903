package agentmesh.task.entity;

import static agentmesh.task.entity.TaskState.AUTH_REQUIRED;
import static agentmesh.task.entity.TaskState.CANCELED;
import static agentmesh.task.entity.TaskState.COMPLETED;
import static agentmesh.task.entity.TaskState.FAILED;
import static agentmesh.task.entity.TaskState.INPUT_REQUIRED;
import static agentmesh.task.entity.TaskState.REJECTED;
import static agentmesh.task.entity.TaskState.SUBMITTED;
import static agentmesh.task.entity.TaskState.WORKING;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TaskStateTest {

    /** The whole table, written out once more by hand: every pair is checked, allowed or refused. */
    private static final Map<TaskState, Set<TaskState>> ALLOWED = Map.of(
            SUBMITTED,
                    EnumSet.of(
                            SUBMITTED, WORKING, INPUT_REQUIRED, AUTH_REQUIRED, COMPLETED, FAILED, CANCELED, REJECTED),
            WORKING, EnumSet.of(WORKING, INPUT_REQUIRED, AUTH_REQUIRED, COMPLETED, FAILED, CANCELED),
            INPUT_REQUIRED, EnumSet.of(INPUT_REQUIRED, WORKING, AUTH_REQUIRED, COMPLETED, FAILED, CANCELED),
            AUTH_REQUIRED, EnumSet.of(AUTH_REQUIRED, WORKING, INPUT_REQUIRED, COMPLETED, FAILED, CANCELED),
            COMPLETED, EnumSet.noneOf(TaskState.class),
            FAILED, EnumSet.noneOf(TaskState.class),
            CANCELED, EnumSet.noneOf(TaskState.class),
            REJECTED, EnumSet.noneOf(TaskState.class));

    @Test
    void everyTransitionIsAllowedOrRefusedAsTheTableSays() {
        for (TaskState from : TaskState.values()) {
            for (TaskState to : TaskState.values()) {
                assertEquals(ALLOWED.get(from).contains(to), from.mayMoveTo(to), from + " → " + to);
            }
        }
    }

    @Test
    void onlyASubmittedTaskCanBeRejected() {
        for (TaskState from : TaskState.values()) {
            assertEquals(from == SUBMITTED, from.mayMoveTo(REJECTED), from + " → rejected");
        }
    }

    @Test
    void theLastFourStatesAreTerminalAndNothingLeavesThem() {
        EnumSet<TaskState> terminal = EnumSet.noneOf(TaskState.class);
        for (TaskState state : TaskState.values()) {
            if (state.isTerminal()) {
                terminal.add(state);
                assertEquals(Set.of(), state.next());
            }
        }
        assertEquals(EnumSet.of(COMPLETED, FAILED, CANCELED, REJECTED), terminal);
    }

    @Test
    void everyActiveStateCanBeCanceledAndFailed() {
        for (TaskState state : TaskState.values()) {
            assertEquals(!state.isTerminal(), state.mayMoveTo(CANCELED), state + " → canceled");
            assertEquals(!state.isTerminal(), state.mayMoveTo(FAILED), state + " → failed");
        }
    }

    @Test
    void wireNamesRoundTrip() {
        assertEquals("input-required", INPUT_REQUIRED.wireName());
        for (TaskState state : TaskState.values()) {
            assertEquals(state, TaskState.fromWireName(state.wireName()));
        }
    }
}
