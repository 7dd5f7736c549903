package agentmesh.jdbc;

import jakarta.persistence.PersistenceException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import javax.sql.DataSource;

/**
 * Plain statements on the mesh's datasource, for the read paths that every poll, stream and request takes (inbox
 * pages, token lookups). They run on any thread of the application — the persistence unit is only reachable from
 * the EJB module's own components — and cost no entity manager. Inside a JTA transaction the connection joins it.
 * Failures leave as {@link PersistenceException}, as from JPA.
 */
public final class Jdbc {

    /** Reads one row into a value. */
    @FunctionalInterface
    public interface Row<T> {
        T read(ResultSet row) throws SQLException;
    }

    /** Statements on one connection. */
    @FunctionalInterface
    public interface Work<T> {
        T on(Connection connection) throws SQLException;
    }

    private Jdbc() {}

    public static <T> List<T> query(DataSource dataSource, String sql, Row<T> reader, Object... parameters) {
        return withConnection(dataSource, connection -> query(connection, sql, reader, parameters));
    }

    /**
     * Runs several statements on one connection handle. Each {@code getConnection} costs more than a short query:
     * outside a transaction it is a checkout from the server's pool, and inside one it still goes through the
     * server's connection manager (finding the enlisted connection, the pool's monitoring) — a tenth of the server's
     * CPU under load, either way.
     */
    public static <T> T withConnection(DataSource dataSource, Work<T> work) {
        try (Connection connection = dataSource.getConnection()) {
            return work.on(connection);
        } catch (SQLException e) {
            throw new PersistenceException(e);
        }
    }

    /** A query on a connection the caller holds ({@link #withConnection}). */
    public static <T> List<T> query(Connection connection, String sql, Row<T> reader, Object... parameters)
            throws SQLException {
        try (PreparedStatement statement = prepare(connection, sql, parameters);
                ResultSet rows = statement.executeQuery()) {
            List<T> result = new ArrayList<>();
            while (rows.next()) {
                result.add(reader.read(rows));
            }
            return result;
        }
    }

    public static int update(DataSource dataSource, String sql, Object... parameters) {
        return withConnection(dataSource, connection -> update(connection, sql, parameters));
    }

    /** An update on a connection the caller holds ({@link #withConnection}). */
    public static int update(Connection connection, String sql, Object... parameters) throws SQLException {
        try (PreparedStatement statement = prepare(connection, sql, parameters)) {
            return statement.executeUpdate();
        }
    }

    /**
     * Inserts the rows with one multi-row statement, {@code insertInto} followed by one {@code (?, ?, …)} per row:
     * one round trip for a batch. The rows' values must fit the server's packet size; the callers' batches are a
     * Kafka fetch at most (about a megabyte). On a connection the caller holds ({@link #withConnection}).
     */
    public static int insertRows(Connection connection, String insertInto, List<Object[]> rows) throws SQLException {
        return rows.isEmpty()
                ? 0
                : insertRows(connection, insertInto, "(" + placeholders(rows.get(0).length) + ")", rows, "");
    }

    /** As {@link #insertRows(Connection, String, List)}, with a row template and a clause after the values. */
    public static int insertRows(
            Connection connection, String insertInto, String rowTemplate, List<Object[]> rows, String after)
            throws SQLException {
        if (rows.isEmpty()) {
            return 0;
        }
        Object[] parameters = rows.stream().flatMap(Arrays::stream).toArray();
        return update(
                connection,
                insertInto + " VALUES " + String.join(", ", Collections.nCopies(rows.size(), rowTemplate)) + after,
                parameters);
    }

    /** {@code ?, ?, …}: the placeholders of an IN list or a row. */
    public static String placeholders(int count) {
        return String.join(", ", Collections.nCopies(count, "?"));
    }

    private static PreparedStatement prepare(Connection connection, String sql, Object... parameters)
            throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        for (int i = 0; i < parameters.length; i++) {
            statement.setObject(i + 1, parameters[i]);
        }
        return statement;
    }
}
