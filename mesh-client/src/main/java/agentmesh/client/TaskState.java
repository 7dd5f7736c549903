package agentmesh.client;

/** A task's state, as A2A names them; the last four are terminal. */
public enum TaskState {
    SUBMITTED("submitted"),
    WORKING("working"),
    INPUT_REQUIRED("input-required"),
    AUTH_REQUIRED("auth-required"),
    COMPLETED("completed"),
    FAILED("failed"),
    CANCELED("canceled"),
    REJECTED("rejected");

    private final String wireName;

    TaskState(String wireName) {
        this.wireName = wireName;
    }

    /** The name on the wire, e.g. {@code input-required}. */
    public String wireName() {
        return wireName;
    }

    public boolean terminal() {
        return ordinal() >= COMPLETED.ordinal();
    }

    public static TaskState of(String wireName) {
        for (TaskState state : values()) {
            if (state.wireName.equals(wireName)) {
                return state;
            }
        }
        throw new IllegalArgumentException("not a task state: " + wireName);
    }
}
