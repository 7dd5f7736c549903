package agentmesh.task.entity;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The A2A task states and the one table of allowed transitions. The last four states are terminal: nothing leaves
 * them. An active state may be reported again (working → working): that is a heartbeat, it keeps the task from
 * the idle timeout.
 */
public enum TaskState {
    SUBMITTED,
    WORKING,
    INPUT_REQUIRED,
    AUTH_REQUIRED,
    COMPLETED,
    FAILED,
    CANCELED,
    REJECTED;

    public boolean isTerminal() {
        return ordinal() >= COMPLETED.ordinal();
    }

    /** The states this one may move to. */
    public Set<TaskState> next() {
        return switch (this) {
            case SUBMITTED ->
                EnumSet.of(SUBMITTED, WORKING, INPUT_REQUIRED, AUTH_REQUIRED, COMPLETED, FAILED, CANCELED, REJECTED);
            case WORKING -> EnumSet.of(WORKING, INPUT_REQUIRED, AUTH_REQUIRED, COMPLETED, FAILED, CANCELED);
            case INPUT_REQUIRED -> EnumSet.of(INPUT_REQUIRED, WORKING, AUTH_REQUIRED, COMPLETED, FAILED, CANCELED);
            case AUTH_REQUIRED -> EnumSet.of(AUTH_REQUIRED, WORKING, INPUT_REQUIRED, COMPLETED, FAILED, CANCELED);
            case COMPLETED, FAILED, CANCELED, REJECTED -> EnumSet.noneOf(TaskState.class);
        };
    }

    public boolean mayMoveTo(TaskState target) {
        return next().contains(target);
    }

    /** The wire name: {@code input-required}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static TaskState fromWireName(String name) {
        return valueOf(name.toUpperCase(Locale.ROOT).replace('-', '_'));
    }
}
