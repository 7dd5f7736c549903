package agentmesh.task.control;

import jakarta.json.JsonArray;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Puts the stored chunks of a task's artifacts together as readers see them. Rows come in the order they were
 * written: an artifact's appends join it when its start is among the rows read; those whose start was read before
 * (on an earlier page) stand as one append, their parts together.
 */
final class ArtifactRows {

    /** One row of {@code task_artifact}: chunk 0 is an artifact as added, a later chunk parts appended to it. */
    record Chunk(String artifactId, int chunk, String name, JsonArray parts, Instant createdAt) {}

    private ArtifactRows() {}

    static List<TaskLifecycle.ArtifactView> together(List<Chunk> rows) {
        List<TaskLifecycle.ArtifactView> artifacts = new ArrayList<>();
        Map<String, Integer> positions = new HashMap<>();
        for (Chunk row : rows) {
            Integer at = positions.get(row.artifactId());
            if (at != null) {
                artifacts.set(at, artifacts.get(at).with(row.parts()));
            } else {
                positions.put(row.artifactId(), artifacts.size());
                artifacts.add(new TaskLifecycle.ArtifactView(
                        row.artifactId(), row.name(), row.parts(), row.createdAt(), row.chunk() > 0));
            }
        }
        return artifacts;
    }
}
