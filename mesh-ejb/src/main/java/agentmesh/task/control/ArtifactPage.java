package agentmesh.task.control;

import java.util.List;

/** A task's artifacts after a cursor, and the cursor to continue from (null when none follows). */
public record ArtifactPage(List<TaskLifecycle.ArtifactView> artifacts, Long nextCursor) {
}
