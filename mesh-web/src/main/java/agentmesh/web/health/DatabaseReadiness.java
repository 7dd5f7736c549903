package agentmesh.web.health;

import agentmesh.platform.MeshDataSource;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;

/** Ready when the database answers: nothing the mesh accepts can be stored otherwise. */
@Readiness
@ApplicationScoped
public class DatabaseReadiness implements HealthCheck {

    @Resource(lookup = MeshDataSource.IN_USE)
    DataSource dataSource;

    @Override
    public HealthCheckResponse call() {
        try (Connection connection = dataSource.getConnection()) {
            return HealthCheckResponse.named("mesh-database").status(connection.isValid(2)).build();
        } catch (SQLException e) {
            return HealthCheckResponse.named("mesh-database").down().withData("error", e.getMessage()).build();
        }
    }
}
