package agentmesh.a2a.boundary;

import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * The params of a ListTasks, as A2A 1.0's {@code ListTasksRequest} has them: the filters {@code contextId},
 * {@code status} (a {@code TASK_STATE_*} by name or number; {@code TASK_STATE_UNSPECIFIED} filters nothing) and
 * {@code statusTimestampAfter} (tasks whose status changed at or after it), {@code pageSize} 1–100 (50 when absent;
 * out of range is refused, not capped), {@code pageToken}, {@code historyLength} (none when absent: a listing is
 * cheap unless asked for more) and {@code includeArtifacts} (false). {@code state} is the mesh's name of the status.
 */
record ListTasksQuery(
        String contextId,
        String state,
        Instant statusFrom,
        String pageToken,
        int pageSize,
        int historyLength,
        boolean includeArtifacts) {

    static final int DEFAULT_PAGE_SIZE = 50;
    static final int MAX_PAGE_SIZE = 100;
    // TaskState of a2a.proto, in the order of its numbers.
    private static final List<String> TASK_STATES = List.of(
            "TASK_STATE_UNSPECIFIED",
            "TASK_STATE_SUBMITTED",
            "TASK_STATE_WORKING",
            "TASK_STATE_COMPLETED",
            "TASK_STATE_FAILED",
            "TASK_STATE_CANCELED",
            "TASK_STATE_INPUT_REQUIRED",
            "TASK_STATE_REJECTED",
            "TASK_STATE_AUTH_REQUIRED");

    static ListTasksQuery of(JsonObject params) {
        return new ListTasksQuery(
                A2aParams.text(params, "contextId"),
                state(params),
                statusFrom(params),
                A2aParams.text(params, "pageToken"),
                pageSize(params),
                A2aParams.historyLength(params, 0),
                A2aParams.bool(params, "includeArtifacts", false));
    }

    private static String state(JsonObject params) {
        JsonValue value = params.get("status");
        String status = value instanceof JsonNumber
                        || value instanceof JsonString text && text.getString().matches("\\d{1,2}")
                ? byNumber(A2aParams.wholeNumber(params, "status"))
                : A2aParams.text(params, "status");
        if (status == null || status.equals("TASK_STATE_UNSPECIFIED")) {
            return null;
        }
        String state = A2aStates.meshState(status);
        if (state == null) {
            throw A2aError.invalidParams("status", "must be a task state such as TASK_STATE_WORKING, got " + status);
        }
        return state;
    }

    // ProtoJSON reads an enum by its number too.
    private static String byNumber(long number) {
        if (number < 0 || number >= TASK_STATES.size()) {
            throw A2aError.invalidParams("status", "must be a task state, got " + number);
        }
        return TASK_STATES.get((int) number);
    }

    private static Instant statusFrom(JsonObject params) {
        String after = A2aParams.text(params, "statusTimestampAfter");
        if (after == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(after).toInstant();
        } catch (DateTimeParseException e) {
            throw A2aError.invalidParams(
                    "statusTimestampAfter",
                    "must be an ISO 8601 timestamp such as" + " 2025-10-28T10:30:00.000Z, got " + after);
        }
    }

    private static int pageSize(JsonObject params) {
        Long size = A2aParams.wholeNumber(params, "pageSize");
        if (size == null) {
            return DEFAULT_PAGE_SIZE;
        }
        if (size < 1 || size > MAX_PAGE_SIZE) {
            throw A2aError.invalidParams("pageSize", "must be between 1 and " + MAX_PAGE_SIZE + ", got " + size);
        }
        return size.intValue();
    }
}
