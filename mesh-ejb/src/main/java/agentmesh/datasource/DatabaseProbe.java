package agentmesh.datasource;

import agentmesh.health.DatabaseReadiness;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Answers the {@code mesh-database} readiness check: up when a connection of the mesh's pool answers within 2 s. An
 * EJB, not a CDI bean, because Payara binds the application's own datasource for the EJB module's beans only after
 * it has injected the module's CDI beans.
 */
@Singleton
@Startup
public class DatabaseProbe {

    private static final Logger LOG = Logger.getLogger(DatabaseProbe.class.getName());

    private volatile boolean down;

    @Resource(lookup = MeshDataSource.IN_USE)
    DataSource dataSource;

    @Inject
    @Readiness
    DatabaseReadiness check;

    @PostConstruct
    void register() {
        check.answerWith(this::probe);
    }

    // The readiness endpoint is public: it says that the database failed and its SQL state, never the driver's text
    // (hosts, users, schema names); the text goes to the log, once each time the database is found down.
    HealthCheckResponse probe() {
        try (Connection connection = dataSource.getConnection()) {
            down = false;
            return HealthCheckResponse.named(DatabaseReadiness.NAME)
                    .status(connection.isValid(2))
                    .build();
        } catch (SQLException e) {
            if (!down) {
                LOG.log(Level.WARNING, "The database is not answering: {0}", e.getMessage());
            }
            down = true;
            return HealthCheckResponse.named(DatabaseReadiness.NAME)
                    .down()
                    .withData("error", "no connection (SQL state " + e.getSQLState() + "); see the server log")
                    .build();
        }
    }
}
