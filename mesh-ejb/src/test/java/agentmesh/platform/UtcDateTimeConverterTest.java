package agentmesh.platform;

import org.junit.jupiter.api.Test;

import java.sql.Timestamp;
import java.time.LocalDateTime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class UtcDateTimeConverterTest {

    private final UtcDateTimeConverter converter = new UtcDateTimeConverter();
    private final LocalDateTime time = LocalDateTime.of(2026, 12, 2, 13, 54, 7, 728_665_000);

    @Test
    void writesMicrosecondsAsText() {
        assertEquals("2026-12-02 13:54:07.728665", converter.convertToDatabaseColumn(time));
        assertEquals("2026-12-02 13:54:07.000000", converter.convertToDatabaseColumn(time.withNano(0)));
    }

    @Test
    void readsWhatTheDriverReturns() {
        assertEquals(time, converter.convertToEntityAttribute(time));
        assertEquals(time, converter.convertToEntityAttribute(Timestamp.valueOf(time)));
        assertEquals(time, converter.convertToEntityAttribute("2026-12-02 13:54:07.728665"));
        assertNull(converter.convertToEntityAttribute(null));
    }
}
