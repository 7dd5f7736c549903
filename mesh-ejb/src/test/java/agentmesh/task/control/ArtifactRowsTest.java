package agentmesh.task.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.json.MeshJson;
import jakarta.json.JsonArray;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ArtifactRowsTest {

    @Test
    void anArtifactsAppendsJoinItInTheOrderTheyCameAndItKeepsItsPlace() {
        List<TaskLifecycle.ArtifactView> read = ArtifactRows.together(List.of(
                chunk("report", 0, "Hello, "),
                chunk("log", 0, "started"),
                chunk("report", 1, "world"),
                chunk("report", 2, "!")));

        assertEquals(
                List.of("report", "log"),
                read.stream().map(TaskLifecycle.ArtifactView::artifactId).toList());
        assertEquals(texts("Hello, ", "world", "!"), read.get(0).parts());
        assertEquals("report", read.get(0).name());
        assertFalse(read.get(0).append());
        assertFalse(read.get(1).append());
    }

    @Test
    void appendsOfAnArtifactReadOnAnEarlierPageStandAsOneAppend() {
        List<TaskLifecycle.ArtifactView> read = ArtifactRows.together(
                List.of(chunk("report", 1, "world"), chunk("log", 0, "started"), chunk("report", 2, "!")));

        assertEquals(2, read.size());
        assertTrue(read.get(0).append());
        assertEquals(texts("world", "!"), read.get(0).parts());
        assertFalse(read.get(1).append());
    }

    private static ArtifactRows.Chunk chunk(String artifactId, int chunk, String text) {
        return new ArtifactRows.Chunk(artifactId, chunk, artifactId, texts(text), Instant.EPOCH);
    }

    private static JsonArray texts(String... texts) {
        var parts = MeshJson.array();
        for (String text : texts) {
            parts.add(MeshJson.object().add("kind", "text").add("text", text));
        }
        return parts.build();
    }
}
