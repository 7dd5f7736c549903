package agentmesh.inbox.control;

import jakarta.json.JsonObject;

import java.util.List;

/** Events after a cursor, and the cursor to continue from (the last event's, or the one asked for). */
public record InboxPage(List<JsonObject> events, long nextCursor) {
}
