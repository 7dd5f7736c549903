package agentmesh.a2a.boundary;

import agentmesh.platform.MeshJson;
import agentmesh.task.control.ArtifactPage;
import agentmesh.task.control.MessageView;
import agentmesh.task.control.TaskLifecycle;
import agentmesh.task.control.TaskView;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StreamPositionTest {

    private static final TaskView.Status WORKING = new TaskView.Status("working", Instant.EPOCH, null);

    @Test
    void aStreamStartsAfterTheNewestMessageAndTheStatusItsFirstEventShowed() {
        StreamPosition position = StreamPosition.after(task(List.of(message(4), message(5)), List.of(), null));

        assertEquals(5, position.lastSeq());
        assertFalse(position.statusMoved(WORKING));
        position.passed(message(6));
        assertEquals(6, position.lastSeq());
    }

    @Test
    void artifactsThatDidNotFitTheFirstEventFollowFromItsCursor() {
        StreamPosition position = StreamPosition.after(task(List.of(), artifacts("a", "b"), 7L));

        assertEquals(7, position.artifactsAfter());
        assertEquals(0, position.tailSize());
        assertEquals(List.of("c", "d"), ids(position.advance(new ArtifactPage(artifacts("c", "d"), null))));
    }

    @Test
    void artifactsReadAgainFromTheCursorAreNotSentAgain() {
        StreamPosition position = StreamPosition.after(task(List.of(), artifacts("a", "b"), null));

        assertEquals(0, position.artifactsAfter());
        assertEquals(List.of("c"), ids(position.advance(new ArtifactPage(artifacts("a", "b", "c"), null))));
        assertEquals(List.of(), ids(position.advance(new ArtifactPage(artifacts("a", "b", "c"), null))));
    }

    @Test
    void theArtifactsReadAgainShrinkToTheLastOneSent() {
        StreamPosition position = StreamPosition.after(task(List.of(), artifacts("a", "b", "c"), null));
        assertEquals(2, position.tailToShorten());

        position.shortened(new ArtifactPage(artifacts("a", "b"), 12L));

        assertEquals(12, position.artifactsAfter());
        assertEquals(1, position.tailSize());
        assertEquals(0, position.tailToShorten());
        assertEquals(List.of(), ids(position.advance(new ArtifactPage(artifacts("c"), null))));
        assertEquals(List.of("d"), ids(position.advance(new ArtifactPage(artifacts("c", "d"), null))));
        assertEquals(1, position.tailToShorten());
    }

    @Test
    void aShorteningPageCutShortByItsBytesMovesTheCursorAsFarAsItGot() {
        StreamPosition position = StreamPosition.after(task(List.of(), artifacts("a", "b", "c"), null));

        position.shortened(new ArtifactPage(artifacts("a"), 10L));

        assertEquals(10, position.artifactsAfter());
        assertEquals(2, position.tailSize());
    }

    @Test
    void aPageWithMoreFollowingMovesTheCursorAndForgetsWhatWasReadAgain() {
        StreamPosition position = StreamPosition.after(task(List.of(), artifacts("a"), null));

        assertEquals(List.of("b"), ids(position.advance(new ArtifactPage(artifacts("a", "b"), 20L))));

        assertEquals(20, position.artifactsAfter());
        assertEquals(0, position.tailSize());
    }

    @Test
    void aStatusCountsAsMovedOnceForEachChange() {
        StreamPosition position = StreamPosition.after(task(List.of(), List.of(), null));
        TaskView.Status completed = new TaskView.Status("completed", Instant.EPOCH.plusSeconds(1), null);

        assertTrue(position.statusMoved(completed));
        assertFalse(position.statusMoved(completed));
    }

    static TaskView task(List<MessageView> history, List<TaskLifecycle.ArtifactView> artifacts, Long next) {
        return new TaskView("t-1", "c-1", "alice", "bob", WORKING, history, artifacts, next, Instant.EPOCH,
                Instant.EPOCH);
    }

    static MessageView message(int seq) {
        return new MessageView("m-" + seq, seq, "bob", "alice", "agent",
                MeshJson.readArray("[{\"kind\":\"text\",\"text\":\"" + seq + "\"}]"), Instant.EPOCH);
    }

    static List<TaskLifecycle.ArtifactView> artifacts(String... ids) {
        return Arrays.stream(ids).map(id -> new TaskLifecycle.ArtifactView(id, null,
                MeshJson.readArray("[{\"kind\":\"text\",\"text\":\"" + id + "\"}]"), Instant.EPOCH)).toList();
    }

    private static List<String> ids(List<TaskLifecycle.ArtifactView> artifacts) {
        return artifacts.stream().map(TaskLifecycle.ArtifactView::artifactId).toList();
    }
}
