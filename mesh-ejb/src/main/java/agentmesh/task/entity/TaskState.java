package agentmesh.task.entity;

import java.util.Locale;

/** The A2A task states; the last four are terminal. */
public enum TaskState {
    SUBMITTED, WORKING, INPUT_REQUIRED, AUTH_REQUIRED, COMPLETED, FAILED, CANCELED, REJECTED;

    public boolean isTerminal() {
        return ordinal() >= COMPLETED.ordinal();
    }

    /** The wire name: {@code input-required}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static TaskState fromWireName(String name) {
        return valueOf(name.toUpperCase(Locale.ROOT).replace('-', '_'));
    }
}
