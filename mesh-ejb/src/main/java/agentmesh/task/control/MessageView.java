package agentmesh.task.control;

import jakarta.json.JsonArray;
import java.time.Instant;

/** One message of a task's history. */
public record MessageView(
        String messageId, int seq, String from, String to, String role, JsonArray parts, Instant createdAt) {}
