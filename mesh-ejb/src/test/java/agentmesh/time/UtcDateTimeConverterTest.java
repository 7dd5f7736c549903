package agentmesh.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.sql.Timestamp;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

class UtcDateTimeConverterTest {

    private final UtcDateTimeConverter converter = new UtcDateTimeConverter();
    private final LocalDateTime time = LocalDateTime.of(2026, 12, 2, 13, 54, 7, 728_665_000);

    @Test
    void writesMicrosecondsAsText() {
        assertEquals("2026-12-02 13:54:07.728665", converter.convertToDatabaseColumn(time));
        assertEquals("2026-12-02 13:54:07.000000", converter.convertToDatabaseColumn(time.withNano(0)));
    }

    @Test
    void readsTheColumnAsTextInEitherForm() {
        assertEquals(time, converter.convertToEntityAttribute("2026-12-02 13:54:07.728665"));
        assertEquals(time, converter.convertToEntityAttribute(time.toString()));
        assertNull(converter.convertToEntityAttribute(null));
    }

    @Test
    void eclipseLinksConverterTakesWhatTheDriverReturns() {
        UtcDateTimeConverter.ForEclipseLink forEclipseLink = new UtcDateTimeConverter.ForEclipseLink();
        assertEquals("2026-12-02 13:54:07.728665", forEclipseLink.convertToDatabaseColumn(time));
        assertEquals(time, forEclipseLink.convertToEntityAttribute(time));
        assertEquals(time, forEclipseLink.convertToEntityAttribute(Timestamp.valueOf(time)));
    }

    @Test
    void readsWhatTheDriverReturnsToNativeQueries() {
        assertEquals(time, UtcDateTimeConverter.read(time));
        assertEquals(time, UtcDateTimeConverter.read(Timestamp.valueOf(time)));
        assertNull(UtcDateTimeConverter.read(null));
    }
}
