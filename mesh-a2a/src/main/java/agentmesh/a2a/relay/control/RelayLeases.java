package agentmesh.a2a.relay.control;

import agentmesh.jdbc.Jdbc;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.sql.DataSource;

/**
 * How far an outbound relay has come with each of its targets, kept on the targets' own rows: a lease
 * ({@code leased_by}, {@code leased_until}), a cursor, and the retry state ({@code attempts}, {@code refusals},
 * {@code next_attempt_at}, {@code last_error}). One instance works on a row at a time: it holds the lease, renewed
 * at every turn, which another instance may take only once it has run out — so a crashed instance's targets move on
 * after {@link #LEASE}. Each statement stands alone (no transaction spans a call to a remote server). The remote
 * agents' relay and the push relay keep the same columns on their own tables ({@code remote_agent},
 * {@code push_config}), told apart by the table, its key and its cursor column.
 */
final class RelayLeases {

    static final Duration LEASE = Duration.ofSeconds(60);

    /**
     * The rows of one relay's targets.
     *
     * @param keyColumns the columns that name a row, in the order its key values are given
     * @param live       the condition a row must meet to be leased at all ({@code TRUE} for every row)
     */
    record Rows(String table, List<String> keyColumns, String cursorColumn, String live) {

        /** {@code k1 = ? AND k2 = ?…}: the condition on the key columns that names one row. */
        String byKey() {
            return keyColumns.stream().map(column -> column + " = ?").collect(Collectors.joining(" AND "));
        }
    }

    private final DataSource dataSource;
    private final String table;
    private final String byKey;
    private final String cursor;
    private final String live;
    private final String instance = UUID.randomUUID().toString();

    RelayLeases(DataSource dataSource, Rows rows) {
        this.dataSource = dataSource;
        this.table = rows.table();
        this.byKey = rows.byKey();
        this.cursor = rows.cursorColumn();
        this.live = rows.live();
    }

    /**
     * Takes or renews the lease on each live row not leased by another instance; returns the {@code columns} of
     * those now this instance's that are due (not backing off).
     */
    <T> List<T> claimDue(String columns, Jdbc.Row<T> reader) {
        Jdbc.update(
                dataSource,
                "UPDATE " + table + " SET leased_by = ?, leased_until = UTC_TIMESTAMP(6)"
                        + " + INTERVAL ? SECOND WHERE " + live + " AND (leased_by = ? OR leased_until IS NULL"
                        + " OR leased_until < UTC_TIMESTAMP(6))",
                instance,
                LEASE.toSeconds(),
                instance);
        return Jdbc.query(
                dataSource,
                "SELECT " + columns + " FROM " + table + " WHERE leased_by = ? AND " + live
                        + " AND (next_attempt_at IS NULL OR next_attempt_at <= UTC_TIMESTAMP(6))",
                reader,
                instance);
    }

    /** The event at {@code position} is done with (delivered, or parked): the next one is due at once. */
    boolean advance(long position, Object... key) {
        return Jdbc.update(
                        dataSource,
                        "UPDATE " + table + " SET " + cursor + " = ?, attempts = 0, refusals = 0,"
                                + " next_attempt_at = NULL, last_error = NULL WHERE " + byKey
                                + " AND leased_by = ? AND " + cursor
                                + " < ?",
                        values(new Object[] {position}, key, new Object[] {instance, position}))
                == 1;
    }

    /** Nothing of the row's up to {@code position}: the cursor moves there, its retry state as it is. */
    void passOver(long position, Object... key) {
        Jdbc.update(
                dataSource,
                "UPDATE " + table + " SET " + cursor + " = ? WHERE " + byKey + " AND leased_by = ?" + " AND " + cursor
                        + " < ?",
                values(new Object[] {position}, key, new Object[] {instance, position}));
    }

    /** A call failed: the row's next attempt after {@code backoff}. */
    void failed(int attempts, int refusals, Duration backoff, String error, Object... key) {
        Jdbc.update(
                dataSource,
                "UPDATE " + table + " SET attempts = ?, refusals = ?, last_error = ?,"
                        + " next_attempt_at = UTC_TIMESTAMP(6) + INTERVAL ? MICROSECOND WHERE " + byKey,
                values(
                        new Object[] {attempts, refusals, OutboundDeadLetters.truncate(error), backoff.toNanos() / 1_000
                        },
                        key));
    }

    private static Object[] values(Object[]... parts) {
        return Stream.of(parts).flatMap(Stream::of).toArray();
    }
}
