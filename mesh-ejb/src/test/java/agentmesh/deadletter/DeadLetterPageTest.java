package agentmesh.deadletter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class DeadLetterPageTest {

    @Test
    void aFullPageWithMoreBehindItNamesItsLastLetterAsTheNextCursor() {
        DeadLetterPage<Long> page = DeadLetterPage.of(List.of(4L, 7L, 9L), 2, Long::longValue);

        assertEquals(List.of(4L, 7L), page.deadLetters());
        assertEquals(7L, page.nextCursor());
    }

    @Test
    void theLastPageHasNoNextCursorEvenWhenItIsFull() {
        DeadLetterPage<Long> page = DeadLetterPage.of(List.of(4L, 7L), 2, Long::longValue);

        assertEquals(List.of(4L, 7L), page.deadLetters());
        assertNull(page.nextCursor());
    }

    @Test
    void anEmptyStoreIsOneEmptyLastPage() {
        DeadLetterPage<Long> page = DeadLetterPage.of(List.of(), 100, Long::longValue);

        assertEquals(List.of(), page.deadLetters());
        assertNull(page.nextCursor());
    }
}
