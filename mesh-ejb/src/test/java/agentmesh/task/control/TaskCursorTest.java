package agentmesh.task.control;

import agentmesh.platform.InvalidRequestException;
import org.junit.jupiter.api.Test;

import java.time.LocalDateTime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TaskCursorTest {

    @Test
    void aCursorRoundTripsAndIsUrlSafe() {
        TaskCursor cursor = new TaskCursor(LocalDateTime.of(2026, 12, 2, 13, 54, 7, 728_665_000), "t-1|odd:id");
        String encoded = cursor.encode();
        assertTrue(encoded.matches("[A-Za-z0-9_-]+"), encoded);
        assertEquals(cursor, TaskCursor.decode(encoded));
    }

    @Test
    void aForgedCursorIsABadRequest() {
        assertThrows(InvalidRequestException.class, () -> TaskCursor.decode("bm90LWEtY3Vyc29y"));
        assertThrows(InvalidRequestException.class, () -> TaskCursor.decode("***"));
    }
}
