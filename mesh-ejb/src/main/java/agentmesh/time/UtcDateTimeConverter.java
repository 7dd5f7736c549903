package agentmesh.time;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * Writes timestamps as {@code yyyy-MM-dd HH:mm:ss.ffffff} text. MySQL Connector/J takes MariaDB 10.x's version
 * string ("5.5.5-10.11…") for a server without fractional seconds and drops them from temporal parameters, which
 * would make the stored time differ from the one the API answered. The text form keeps the microseconds on MySQL
 * and MariaDB alike; DATETIME(6) columns parse it. The column type is declared as text because Hibernate (WildFly)
 * binds by it (an {@code Object} it would serialize) and reads the column as text; EclipseLink (Payara) hands the
 * converter the column as the driver read it, a {@code LocalDateTime}, which this class's text signature cannot take:
 * {@code META-INF/eclipselink-orm.xml} applies {@link ForEclipseLink} there instead.
 */
@Converter(autoApply = true)
public class UtcDateTimeConverter implements AttributeConverter<LocalDateTime, String> {

    private static final DateTimeFormatter WRITE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");

    @Override
    public String convertToDatabaseColumn(LocalDateTime value) {
        return value == null ? null : format(value);
    }

    @Override
    public LocalDateTime convertToEntityAttribute(String value) {
        return read(value);
    }

    /** The same conversion for EclipseLink, which passes the column's value as the driver returned it. */
    public static class ForEclipseLink implements AttributeConverter<LocalDateTime, Object> {

        @Override
        public Object convertToDatabaseColumn(LocalDateTime value) {
            return value == null ? null : format(value);
        }

        @Override
        public LocalDateTime convertToEntityAttribute(Object value) {
            return read(value);
        }
    }

    /** A DATETIME column's value as the driver returned it (native queries), as UTC {@link LocalDateTime}. */
    public static LocalDateTime read(Object value) {
        // Reading is not affected: the driver hands the column back as a LocalDateTime with its microseconds.
        if (value == null || value instanceof LocalDateTime) {
            return (LocalDateTime) value;
        }
        if (value instanceof java.sql.Timestamp timestamp) {
            return timestamp.toLocalDateTime();
        }
        return LocalDateTime.parse(value.toString().replace(' ', 'T'));
    }

    /** The same text for native query parameters. */
    public static String format(LocalDateTime value) {
        return WRITE.format(value);
    }
}
