package agentmesh.time;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * Timestamps are stored as UTC {@link LocalDateTime} (JPA 3.1 has no {@link Instant} mapping) at the microsecond
 * precision of DATETIME(6), and leave the mesh as {@link Instant}.
 */
public final class UtcTime {

    private UtcTime() {}

    public static LocalDateTime now(Clock clock) {
        return LocalDateTime.ofInstant(clock.instant().truncatedTo(ChronoUnit.MICROS), ZoneOffset.UTC);
    }

    public static Instant toInstant(LocalDateTime utc) {
        return utc == null ? null : utc.toInstant(ZoneOffset.UTC);
    }
}
