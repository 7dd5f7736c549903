package agentmesh.operations;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.logging.Filter;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.regex.Pattern;

/**
 * Lets a warning through once per period and drops its repeats in between; the next one let through says how many
 * were dropped. Messages that differ only in their numbers (node ids, ports, attempt counts) are the same warning.
 * Records below WARNING pass untouched. For libraries that warn at every reconnect while a broker is away.
 */
public final class RepeatedLogFilter implements Filter {

    private static final int MAX_TRACKED = 1_000;
    private static final Pattern NUMBERS = Pattern.compile("\\d+");

    private final long periodNanos;
    private final LongSupplier nanoTime;
    private final Map<String, Spell> spells = new HashMap<>();

    private static final class Spell {
        long startedAt;
        int dropped;

        Spell(long startedAt) {
            this.startedAt = startedAt;
        }
    }

    public RepeatedLogFilter(Duration period) {
        this(period, System::nanoTime);
    }

    RepeatedLogFilter(Duration period, LongSupplier nanoTime) {
        this.periodNanos = period.toNanos();
        this.nanoTime = nanoTime;
    }

    @Override
    public boolean isLoggable(LogRecord record) {
        if (record.getLevel().intValue() < Level.WARNING.intValue() || record.getMessage() == null) {
            return true;
        }
        String shape = record.getLoggerName()
                + ' '
                + NUMBERS.matcher(record.getMessage()).replaceAll("#");
        long now = nanoTime.getAsLong();
        int dropped;
        synchronized (spells) {
            Spell spell = spells.get(shape);
            if (spell != null && now - spell.startedAt < periodNanos) {
                spell.dropped++;
                return false;
            }
            if (spells.size() >= MAX_TRACKED) {
                spells.clear();
            }
            dropped = spell == null ? 0 : spell.dropped;
            spells.put(shape, new Spell(now));
        }
        if (dropped > 0) {
            record.setMessage(record.getMessage() + " [" + dropped + " more like this in the last "
                    + Duration.ofNanos(periodNanos).toSeconds() + " s were not logged]");
        }
        return true;
    }
}
