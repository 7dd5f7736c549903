package agentmesh.task.control;

import agentmesh.task.entity.TaskState;
import java.time.LocalDateTime;

/**
 * Which of a reader's tasks a listing goes through: those with one other agent, in one context, in one state, whose
 * status changed at or after a time (UTC, as stored). A null narrows nothing.
 */
public record TaskFilter(String other, String contextId, TaskState state, LocalDateTime statusFrom) {

    /** All the reader's tasks. */
    public static final TaskFilter NONE = new TaskFilter(null, null, null, null);

    /** The reader's tasks in one state (all of them for null). */
    public static TaskFilter inState(TaskState state) {
        return new TaskFilter(null, null, state, null);
    }
}
