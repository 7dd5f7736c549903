package agentmesh.client;

import java.time.Instant;
import java.util.List;

/**
 * A task as its two agents see it. {@code history} holds the newest messages that fit a page (all of them through
 * {@link MeshAgent#messages}); {@code artifactsNextCursor} is non-null when {@code artifacts} does not hold them all.
 */
public record Task(
        String taskId,
        String contextId,
        String requester,
        String assignee,
        Status status,
        List<TaskMessage> history,
        List<Artifact> artifacts,
        Long artifactsNextCursor,
        Instant createdAt,
        Instant updatedAt) {

    /** A task's state, when it entered it, and why (null when no reason was given). */
    public record Status(TaskState state, Instant timestamp, String reason) {}
}
