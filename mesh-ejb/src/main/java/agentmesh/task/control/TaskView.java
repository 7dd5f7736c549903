package agentmesh.task.control;

import java.time.Instant;
import java.util.List;

/** A task as its two agents read it, in the A2A shape. */
public record TaskView(String taskId, String contextId, String requester, String assignee, Status status,
                       List<MessageView> history, List<TaskLifecycle.ArtifactView> artifacts, Instant createdAt, Instant updatedAt) {

    public record Status(String state, Instant timestamp, String reason) {
    }
}
