package agentmesh.inbox.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.paging.PageBytes;
import agentmesh.tracing.Tracing;
import jakarta.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The pages a reader is handed from its signal instead of reading them: the same as a read, or none. */
class InboxReaderHandedTest {

    private static final LocalDateTime ARRIVED = LocalDateTime.parse("2026-12-07T06:30:01.123450");

    private final InboxReader reader = new InboxReader();
    private long maxPageBytes = 1 << 20;

    @BeforeEach
    void wire() {
        reader.tracing = new Tracing();
        reader.pageBytes = new PageBytes() {
            @Override
            public long max() {
                return maxPageBytes;
            }
        };
    }

    @Test
    void eventsRightAfterTheCursorAreThePageAReadWouldGive() {
        InboxPage page = handed(4, 100, change(5, 7)).orElseThrow();

        assertEquals(List.of(5L, 6L, 7L), cursors(page));
        assertEquals(7, page.nextCursor());
        assertFalse(page.more());
        JsonObject first = page.events().get(0);
        assertEquals("message", first.getString("type"));
        assertEquals("text 5", first.getString("text"));
        assertEquals("2026-12-07T06:30:01.123450Z", first.getString("deliveredAt"));
        assertFalse(first.containsKey("eventId"), "the inbox's view leaves out the event's id, as a read does");
        assertFalse(first.containsKey("to"));
    }

    @Test
    void aReaderAlreadyInsideTheDeliveryGetsTheRestOfIt() {
        assertEquals(List.of(7L), cursors(handed(6, 100, change(5, 7)).orElseThrow()));
    }

    @Test
    void aReaderBehindTheDeliveryOrPastItOrAChangeWithoutEventsMustRead() {
        assertTrue(handed(3, 100, change(5, 7)).isEmpty(), "event 4 is not in the change");
        assertTrue(handed(7, 100, change(5, 7)).isEmpty(), "nothing after 7 is known");
        assertTrue(handed(4, 100, new InboxChange("bob", 7)).isEmpty(), "another instance's delivery");
    }

    @Test
    void theCountAndTheBytesCutThePageAsAReadDoesWithAtLeastOneEvent() {
        InboxPage counted = handed(4, 2, change(5, 7)).orElseThrow();
        assertEquals(List.of(5L, 6L), cursors(counted));
        assertEquals(6, counted.nextCursor());
        assertTrue(counted.more());

        maxPageBytes = 1;
        InboxPage bounded = handed(4, 100, change(5, 7)).orElseThrow();
        assertEquals(List.of(5L), cursors(bounded), "the first event whatever its size, no more");
        assertTrue(bounded.more());
    }

    @Test
    void theBytesAreCountedAsTheDatabaseCountsThemInUtf8() {
        String wide = "é€😀".repeat(20);
        InboxChange change = new InboxChange("bob", 2, List.of(stored(1, wide), stored(2, wide)));
        String payload = change.delivered().get(0).payload();
        int bytes = payload.getBytes(StandardCharsets.UTF_8).length;
        maxPageBytes = 2L * payload.length() + 1;
        assertTrue(2 * bytes > maxPageBytes, "two events fit by characters, not by bytes");

        assertEquals(List.of(1L), cursors(handed(0, 100, change).orElseThrow()));
        maxPageBytes = 2L * bytes;
        assertEquals(List.of(1L, 2L), cursors(handed(0, 100, change).orElseThrow()));
    }

    private Optional<InboxPage> handed(long after, int limit, InboxChange change) {
        return reader.handedAfter("bob", after, limit, change);
    }

    private static InboxChange change(long first, long last) {
        List<StoredEvent> events = LongStream.rangeClosed(first, last)
                .mapToObj(cursor -> stored(cursor, "text " + cursor))
                .toList();
        return new InboxChange("bob", last, events);
    }

    private static StoredEvent stored(long cursor, String text) {
        return new StoredEvent(
                cursor,
                "{\"eventId\":\"e" + cursor + "\",\"to\":\"bob\",\"type\":\"message\",\"text\":\"" + text + "\"}",
                ARRIVED);
    }

    private static List<Long> cursors(InboxPage page) {
        return page.events().stream()
                .map(event -> event.getJsonNumber("cursor").longValue())
                .toList();
    }
}
