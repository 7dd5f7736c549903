package agentmesh.a2a.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.json.MeshJson;
import agentmesh.task.control.ArtifactPage;
import agentmesh.task.control.MessageView;
import agentmesh.task.control.TaskLifecycle;
import agentmesh.task.control.TaskView;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class StreamPositionTest {

    private static final TaskView.Status WORKING = new TaskView.Status("working", Instant.EPOCH, null);

    @Test
    void aStreamStartsAfterTheNewestMessageAndTheStatusItsFirstEventShowed() {
        StreamPosition position = StreamPosition.after(task(List.of(message(4), message(5)), List.of(), null, 0));

        assertEquals(5, position.lastSeq());
        assertFalse(position.statusMoved(WORKING));
        position.passed(message(6));
        assertEquals(6, position.lastSeq());
    }

    @Test
    void artifactsThatDidNotFitTheFirstEventFollowFromItsCursor() {
        StreamPosition position = StreamPosition.after(task(List.of(), artifacts("a", "b"), 7L, 7));

        assertEquals(7, position.artifactsAfter());
        assertEquals(List.of("c", "d"), ids(position.advance(ArtifactPage.of(artifacts("c", "d"), 9, false))));
        assertEquals(9, position.artifactsAfter());
    }

    @Test
    void aStreamWhoseFirstEventHeldEveryArtifactGoesOnAfterTheLastOfThem() {
        StreamPosition position = StreamPosition.after(task(List.of(), artifacts("a", "b"), null, 2));

        assertEquals(2, position.artifactsAfter());
    }

    @Test
    void aPageMovesTheCursorPastItsLastArtifactWhetherOrNotMoreFollowAndAnEmptyOneLeavesIt() {
        StreamPosition position = StreamPosition.after(task(List.of(), List.of(), null, 0));

        assertEquals(List.of("a", "b"), ids(position.advance(ArtifactPage.of(artifacts("a", "b"), 20, true))));
        assertEquals(20, position.artifactsAfter());
        assertEquals(List.of("c"), ids(position.advance(ArtifactPage.of(artifacts("c"), 21, false))));
        assertEquals(21, position.artifactsAfter());
        assertEquals(List.of(), ids(position.advance(ArtifactPage.of(List.of(), 21, false))));
        assertEquals(21, position.artifactsAfter());
    }

    @Test
    void aStatusCountsAsMovedOnceForEachChange() {
        StreamPosition position = StreamPosition.after(task(List.of(), List.of(), null, 0));
        TaskView.Status completed = new TaskView.Status("completed", Instant.EPOCH.plusSeconds(1), null);

        assertTrue(position.statusMoved(completed));
        assertFalse(position.statusMoved(completed));
    }

    static TaskView task(List<MessageView> history, List<TaskLifecycle.ArtifactView> artifacts, Long next, long end) {
        return new TaskView(
                "t-1", "c-1", "alice", "bob", WORKING, history, artifacts, next, end, Instant.EPOCH, Instant.EPOCH);
    }

    static MessageView message(int seq) {
        return new MessageView(
                "m-" + seq,
                seq,
                "bob",
                "alice",
                "agent",
                MeshJson.readArray("[{\"kind\":\"text\",\"text\":\"" + seq + "\"}]"),
                Instant.EPOCH);
    }

    static List<TaskLifecycle.ArtifactView> artifacts(String... ids) {
        return Arrays.stream(ids)
                .map(id -> new TaskLifecycle.ArtifactView(
                        id, null, MeshJson.readArray("[{\"kind\":\"text\",\"text\":\"" + id + "\"}]"), Instant.EPOCH))
                .toList();
    }

    private static List<String> ids(List<TaskLifecycle.ArtifactView> artifacts) {
        return artifacts.stream().map(TaskLifecycle.ArtifactView::artifactId).toList();
    }
}
