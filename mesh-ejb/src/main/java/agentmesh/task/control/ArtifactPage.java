package agentmesh.task.control;

import jakarta.json.bind.annotation.JsonbTransient;
import java.util.List;

/**
 * A task's artifacts after a cursor. {@code nextCursor}, the API's, is there only when more follow;
 * {@code endCursor} is always the cursor after its last artifact (the one it was read after, when it is empty), so
 * that a reader that follows the task (a stream) reads after it only what comes later.
 */
public record ArtifactPage(
        List<TaskLifecycle.ArtifactView> artifacts,
        Long nextCursor,
        @JsonbTransient long endCursor) {

    public static ArtifactPage of(List<TaskLifecycle.ArtifactView> artifacts, long endCursor, boolean more) {
        return new ArtifactPage(artifacts, more ? endCursor : null, endCursor);
    }
}
