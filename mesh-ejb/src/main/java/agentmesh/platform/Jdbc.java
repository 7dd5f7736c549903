package agentmesh.platform;

import jakarta.persistence.PersistenceException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
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

    private Jdbc() {
    }

    public static <T> List<T> query(DataSource dataSource, String sql, Row<T> reader, Object... parameters) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = prepare(connection, sql, parameters);
             ResultSet rows = statement.executeQuery()) {
            List<T> result = new ArrayList<>();
            while (rows.next()) {
                result.add(reader.read(rows));
            }
            return result;
        } catch (SQLException e) {
            throw new PersistenceException(e);
        }
    }

    public static int update(DataSource dataSource, String sql, Object... parameters) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = prepare(connection, sql, parameters)) {
            return statement.executeUpdate();
        } catch (SQLException e) {
            throw new PersistenceException(e);
        }
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
