package agentmesh.platform;

import agentmesh.health.DatabaseReadiness;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * Answers the {@code mesh-database} readiness check: up when a connection of the mesh's pool answers within 2 s. An
 * EJB, not a CDI bean, because Payara binds the application's own datasource for the EJB module's beans only after
 * it has injected the module's CDI beans.
 */
@Singleton
@Startup
public class DatabaseProbe {

    @Resource(lookup = MeshDataSource.IN_USE)
    DataSource dataSource;

    @Inject
    @Readiness
    DatabaseReadiness check;

    @PostConstruct
    void register() {
        check.answerWith(this::probe);
    }

    HealthCheckResponse probe() {
        try (Connection connection = dataSource.getConnection()) {
            return HealthCheckResponse.named(DatabaseReadiness.NAME).status(connection.isValid(2)).build();
        } catch (SQLException e) {
            return HealthCheckResponse.named(DatabaseReadiness.NAME).down().withData("error", e.getMessage()).build();
        }
    }
}
