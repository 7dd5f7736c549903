package agentmesh.a2a.relay.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.task.entity.TaskState;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RemoteAnswerRulesTest {

    @Test
    void rejectedWhileTheMeshTaskWorksEndsItAsFailedWithTheReason() {
        StateMoves.ChangeTo move = changeTo(StateMoves.of(TaskState.WORKING, "rejected"));
        assertEquals(TaskState.FAILED, move.state());
        assertTrue(move.reason().contains("rejected"), move.reason());
    }

    @Test
    void rejectedWhileTheMeshTaskIsSubmittedIsTaken() {
        assertEquals(
                new StateMoves.ChangeTo(TaskState.REJECTED, null),
                changeTo(StateMoves.of(TaskState.SUBMITTED, "rejected")));
    }

    @Test
    void aStateTheMeshTaskMayTakeIsTaken() {
        assertEquals(
                new StateMoves.ChangeTo(TaskState.COMPLETED, null),
                changeTo(StateMoves.of(TaskState.WORKING, "completed")));
        assertEquals(
                new StateMoves.ChangeTo(TaskState.INPUT_REQUIRED, null),
                changeTo(StateMoves.of(TaskState.WORKING, "input-required")));
    }

    @Test
    void canceledIsACancel() {
        assertInstanceOf(
                StateMoves.Cancel.class,
                StateMoves.of(TaskState.WORKING, "canceled").orElseThrow());
    }

    @Test
    void theSameStateAgainAnActiveStateBehindAndAFinishedTaskChangeNothing() {
        assertFalse(StateMoves.of(TaskState.WORKING, "working").isPresent());
        assertFalse(StateMoves.of(TaskState.WORKING, "submitted").isPresent());
        assertFalse(StateMoves.of(TaskState.COMPLETED, "failed").isPresent());
        assertFalse(StateMoves.of(TaskState.WORKING, null).isPresent());
    }

    @Test
    void anUnnamedArtifactIsNamedByItsId() {
        assertEquals("report-1", ArtifactNames.of(null, "report-1"));
        assertEquals("report-1", ArtifactNames.of("  ", "report-1"));
        assertEquals("Summary", ArtifactNames.of("Summary", "report-1"));
        assertEquals("artifact", ArtifactNames.of(null, " "));
    }

    @Test
    void aNameLongerThanTheMeshKeepsIsCutTo200CharactersWholeCharactersOnly() {
        String name = ArtifactNames.of("x".repeat(500), "a-1");
        assertEquals(200, name.length());
        assertTrue(name.endsWith("…"));
        String emoji = ArtifactNames.of("y".repeat(197) + "😀😀😀", "a-1"); // a surrogate pair across the cut
        assertTrue(emoji.length() <= 200);
        assertFalse(Character.isHighSurrogate(emoji.charAt(emoji.length() - 2)), emoji);
        assertEquals(ArtifactNames.of("z".repeat(300), "a-1"), ArtifactNames.of(null, "z".repeat(300)));
    }

    private static StateMoves.ChangeTo changeTo(Optional<StateMoves.Move> move) {
        return assertInstanceOf(StateMoves.ChangeTo.class, move.orElseThrow());
    }
}
