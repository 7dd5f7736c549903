package agentmesh.a2a.relay.control;

import agentmesh.datasource.MeshDataSource;
import agentmesh.jdbc.Jdbc;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.inject.Inject;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * A relay's targets as the rows of one table, kept the same way for every relay: each row's lease, cursor and retry
 * state ({@link RelayLeases}) and the events parked for it ({@link OutboundDeadLetters}, under the relay's name). The
 * relays' stores ({@link RemoteAgents}, {@link PushConfigs}) say only what differs: the table, its key and cursor
 * columns, which rows are live, and how a row reads as a target.
 *
 * @param <T> a target as its store reads it
 */
abstract class RelayTargets<T extends CursorRelay.Target> implements CursorRelay.Targets<T> {

    @Resource(lookup = MeshDataSource.IN_USE)
    DataSource dataSource;

    @Inject
    RemoteSettings settings;

    @Inject
    OutboundDeadLetters deadLetters;

    private final String relay;
    private final RelayLeases.Rows rows;
    private final String targetColumns;
    RelayLeases leases;

    /**
     * @param relay         the relay's name among the dead letters ({@link OutboundDeadLetters#REMOTE}, …)
     * @param rows          the targets' rows, their key columns in the order {@link #rowKey} gives their values
     * @param targetColumns the columns {@link #target} reads, in its order
     */
    RelayTargets(String relay, RelayLeases.Rows rows, String targetColumns) {
        this.relay = relay;
        this.rows = rows;
        this.targetColumns = targetColumns;
    }

    @PostConstruct
    void leases() {
        leases = new RelayLeases(dataSource, rows);
    }

    /** A target from its row's {@code targetColumns}. */
    abstract T target(ResultSet row) throws SQLException;

    /** The values of the key columns of the target's row. */
    abstract Object[] rowKey(T target);

    /** What names the target's dead letters beside its agent; null: the agent alone. */
    abstract String letterKey(T target);

    /** The target of the row with these key values (in {@code keyColumns}' order), if there is one. */
    Optional<T> targetAt(Object... key) {
        return Jdbc.query(
                        dataSource,
                        "SELECT " + targetColumns + " FROM " + rows.table() + " WHERE " + rows.byKey(),
                        this::target,
                        key)
                .stream()
                .findFirst();
    }

    @Override
    public List<T> claimDue() {
        return leases.claimDue(targetColumns, this::target);
    }

    @Override
    public boolean advance(T target, long cursor) {
        return leases.advance(cursor, rowKey(target));
    }

    @Override
    public void failed(T target, int attempts, int refusals, Duration backoff, String why) {
        leases.failed(attempts, refusals, backoff, why, rowKey(target));
    }

    @Override
    public void park(T target, long cursor, String why) {
        deadLetters.park(relay, target.agentId(), letterKey(target), cursor, why);
        advance(target, cursor);
    }
}
