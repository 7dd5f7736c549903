package agentmesh.system;

import agentmesh.stack.StackConfig;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/** Reads the mesh's tables directly, to check what a request stored (or did not). */
public final class MeshDatabase {

    private static final List<String> TABLES =
            List.of("agent", "contact", "task", "task_message", "task_artifact", "outbox_event");

    private MeshDatabase() {}

    /** Row count of every mesh table. */
    static Map<String, Long> rowCounts() {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (String table : TABLES) {
            counts.put(
                    table, (Long) query("SELECT COUNT(*) FROM " + table).get(0).get(0));
        }
        return counts;
    }

    static long count(String sql, Object... parameters) {
        return count(MeshStackExtension.stack().config(), sql, parameters);
    }

    /** The number a counting query answers, on the database of the given stack. */
    public static long count(StackConfig config, String sql, Object... parameters) {
        return ((Number) query(config, sql, parameters).get(0).get(0)).longValue();
    }

    static List<List<Object>> query(String sql, Object... parameters) {
        return query(MeshStackExtension.stack().config(), sql, parameters);
    }

    /** The rows a query answers, read as the mesh's own database account of the given stack. */
    public static List<List<Object>> query(StackConfig config, String sql, Object... parameters) {
        return run(config, sql, parameters, statement -> {
            try (ResultSet rows = statement.executeQuery()) {
                List<List<Object>> result = new ArrayList<>();
                int columns = rows.getMetaData().getColumnCount();
                while (rows.next()) {
                    List<Object> row = new ArrayList<>();
                    for (int c = 1; c <= columns; c++) {
                        row.add(rows.getObject(c));
                    }
                    result.add(row);
                }
                return result;
            }
        });
    }

    /** Runs a statement that changes rows (benchmarks seeding tables), as the mesh's own database account. */
    public static int update(StackConfig config, String sql, Object... parameters) {
        return run(config, sql, parameters, PreparedStatement::executeUpdate);
    }

    /**
     * Closes, from the database's side, every connection the mesh's account holds (as a restart, a failover or a
     * network cut would), through the admin account; returns how many were killed.
     */
    public static int killConnections(StackConfig config) {
        return killConnections(config, host -> true);
    }

    /**
     * Closes, from the database's side, the connections one server process holds (found by the local ports of its
     * sockets to the database, from {@code /proc}), as a pool lost on one instance of several; returns how many.
     */
    public static int killConnectionsOf(StackConfig config, ProcessHandle server) {
        Set<String> ports = SocketsOf.localPorts(server.pid(), config.database().port()).stream()
                .map(port -> ":" + port)
                .collect(Collectors.toSet());
        return killConnections(config, host -> ports.stream().anyMatch(host::endsWith));
    }

    private static int killConnections(StackConfig config, Predicate<String> host) {
        int killed = 0;
        try (Connection connection = DriverManager.getConnection(
                        config.database().serverUrl(), config.dbAdminUser(), config.dbAdminPassword());
                PreparedStatement find =
                        connection.prepareStatement("SELECT ID, HOST FROM information_schema.PROCESSLIST"
                                + " WHERE USER = ? AND DB = ? AND ID <> CONNECTION_ID()");
                Statement kill = connection.createStatement()) {
            find.setString(1, config.dbUser());
            find.setString(2, config.database().database());
            List<Long> ids = new ArrayList<>();
            try (ResultSet rows = find.executeQuery()) {
                while (rows.next()) {
                    if (host.test(rows.getString(2))) {
                        ids.add(rows.getLong(1));
                    }
                }
            }
            for (long id : ids) {
                try {
                    kill.execute("KILL CONNECTION " + id);
                    killed++;
                } catch (SQLException gone) {
                    // it ended by itself meanwhile
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not kill the mesh's database connections: " + e.getMessage(), e);
        }
        return killed;
    }

    private interface Execution<T> {
        T on(PreparedStatement statement) throws SQLException;
    }

    private static <T> T run(StackConfig config, String sql, Object[] parameters, Execution<T> execution) {
        try (Connection connection = DriverManager.getConnection(
                        config.database().applicationUrl(), config.dbUser(), config.dbPassword());
                PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            return execution.on(statement);
        } catch (SQLException e) {
            throw new IllegalStateException(sql + ": " + e.getMessage(), e);
        }
    }
}
