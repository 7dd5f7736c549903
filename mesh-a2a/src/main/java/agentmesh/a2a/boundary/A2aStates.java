package agentmesh.a2a.boundary;

import java.util.List;
import java.util.Locale;

/** The mesh's task states as A2A reads them: which end a stream, which interrupt a task, which a wire state names. */
public final class A2aStates {

    private static final List<String> TERMINAL = List.of("completed", "failed", "canceled", "rejected");
    private static final List<String> ALL = List.of(
            "submitted", "working", "input-required", "auth-required", "completed", "failed", "canceled", "rejected");

    private A2aStates() {}

    /**
     * The mesh state a wire state of either version names ({@code TASK_STATE_WORKING} or {@code working}); null when
     * none.
     */
    public static String meshState(String wireState) {
        String state = wireState.startsWith("TASK_STATE_") ? wireState.substring("TASK_STATE_".length()) : wireState;
        String mesh = state.toLowerCase(Locale.ROOT).replace('_', '-');
        return ALL.contains(mesh) ? mesh : null;
    }

    /** A stream ends on a terminal state, and a blocking send returns on it or on an interrupted one. */
    static boolean isStreamEnd(String meshState) {
        return TERMINAL.contains(meshState);
    }

    static boolean isInterrupted(String meshState) {
        return meshState.equals("input-required") || meshState.equals("auth-required");
    }
}
