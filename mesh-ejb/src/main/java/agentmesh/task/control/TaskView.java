package agentmesh.task.control;

import jakarta.json.bind.annotation.JsonbTransient;
import java.time.Instant;
import java.util.List;

/**
 * A task as its two agents read it, in the A2A shape. {@code artifactsNextCursor} (absent when every artifact is
 * in {@code artifacts}) continues at {@code GET /tasks/{id}/artifacts?after=}; {@code artifactsEndCursor}, not
 * answered, is the cursor after the last of {@code artifacts} whether or not more follow (0 when none was read).
 */
public record TaskView(
        String taskId,
        String contextId,
        String requester,
        String assignee,
        Status status,
        List<MessageView> history,
        List<TaskLifecycle.ArtifactView> artifacts,
        Long artifactsNextCursor,
        @JsonbTransient long artifactsEndCursor,
        Instant createdAt,
        Instant updatedAt) {

    public record Status(String state, Instant timestamp, String reason) {}
}
