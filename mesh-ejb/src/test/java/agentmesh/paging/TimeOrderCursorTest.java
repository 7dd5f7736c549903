package agentmesh.paging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.problem.InvalidRequestException;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

class TimeOrderCursorTest {

    @Test
    void aCursorRoundTripsAndIsUrlSafe() {
        TimeOrderCursor cursor =
                new TimeOrderCursor(LocalDateTime.of(2026, 12, 2, 13, 54, 7, 728_665_000), "t-1|odd:id");
        String encoded = cursor.encode();
        assertTrue(encoded.matches("[A-Za-z0-9_-]+"), encoded);
        assertEquals(cursor, TimeOrderCursor.decode(encoded));
    }

    @Test
    void aForgedCursorIsABadRequest() {
        assertThrows(InvalidRequestException.class, () -> TimeOrderCursor.decode("bm90LWEtY3Vyc29y"));
        assertThrows(InvalidRequestException.class, () -> TimeOrderCursor.decode("***"));
    }
}
