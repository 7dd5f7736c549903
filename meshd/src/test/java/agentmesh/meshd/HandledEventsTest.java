package agentmesh.meshd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HandledEventsTest {

    @Test
    void whatWasRecordedIsThereAfterAReopenAndOnlyTheNewestKeysAreKept(@TempDir Path directory) {
        HandledEvents handled = HandledEvents.open(directory, 3);
        String runId = handled.runId();
        assertTrue(handled.cursor().isEmpty());
        for (int cursor = 1; cursor <= 5; cursor++) {
            handled.add("ev-" + cursor, cursor);
        }

        HandledEvents reopened = HandledEvents.open(directory, 3);

        assertEquals(5L, reopened.cursor().orElseThrow());
        assertEquals(runId, reopened.runId(), "a restart keeps the run's id, so start actions keep their ids");
        assertFalse(reopened.contains("ev-2"), "the oldest keys are dropped past the capacity");
        assertTrue(reopened.contains("ev-3") && reopened.contains("ev-5"));
        assertFalse(Files.exists(directory.resolve("handled.json.next")), "no half-written file is left");
    }

    @Test
    void aFreshDirectoryIsAnotherRun(@TempDir Path one, @TempDir Path other) {
        assertNotEquals(
                HandledEvents.open(one, 10).runId(),
                HandledEvents.open(other, 10).runId());
    }
}
