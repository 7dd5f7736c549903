package agentmesh.task.control;

import agentmesh.platform.InvalidRequestException;

import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.util.Base64;

/** Where a task listing stopped: the last task's activity time and id, opaque to clients (URL-safe base64). */
public record TaskCursor(LocalDateTime updatedAt, String taskId) {

    public String encode() {
        return Base64.getUrlEncoder().withoutPadding()
                .encodeToString((updatedAt + "|" + taskId).getBytes(StandardCharsets.UTF_8));
    }

    public static TaskCursor decode(String cursor) {
        try {
            String text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            int bar = text.indexOf('|');
            return new TaskCursor(LocalDateTime.parse(text.substring(0, bar)), text.substring(bar + 1));
        } catch (RuntimeException e) {
            throw new InvalidRequestException("cursor", "is not a cursor this API handed out");
        }
    }
}
