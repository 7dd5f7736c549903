package agentmesh.inbox.control;

import jakarta.json.JsonObject;
import jakarta.json.bind.annotation.JsonbTransient;
import java.util.List;

/**
 * Events after a cursor, and the cursor to continue from (the last event's, or the one asked for). {@code more}
 * (not part of the answer) says the page was cut by its count or its bytes, so that events may follow at once.
 */
public record InboxPage(
        List<JsonObject> events,
        long nextCursor,
        @JsonbTransient boolean more) {

    public static InboxPage empty(long after) {
        return new InboxPage(List.of(), after, false);
    }
}
