package agentmesh.platform;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.annotation.sql.DataSourceDefinition;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;

import javax.sql.DataSource;
import java.sql.Connection;
import java.util.logging.Logger;

/**
 * Defines the mesh's datasource and brings its schema up to date before anything else starts: the numbered
 * migrations of {@code sql/} are applied by Flyway at deployment, never by JPA DDL generation.
 * Other startup beans that touch the database declare {@code @DependsOn("SchemaMigration")}.
 */
@DataSourceDefinition(
        name = "java:app/jdbc/mesh",
        className = "com.mysql.cj.jdbc.MysqlDataSource",
        url = "${MPCONFIG=mesh.db.url}",
        user = "${MPCONFIG=mesh.db.user}",
        password = "${MPCONFIG=mesh.db.password}",
        isolationLevel = Connection.TRANSACTION_READ_COMMITTED,
        minPoolSize = 2,
        maxPoolSize = 32)
@Singleton
@Startup
public class SchemaMigration {

    private static final Logger LOG = Logger.getLogger(SchemaMigration.class.getName());

    @Resource(lookup = "java:app/jdbc/mesh")
    DataSource dataSource;

    // Flyway commits each migration itself, so it must not run inside the container's transaction.
    @PostConstruct
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void migrate() {
        MigrateResult result = Flyway.configure(SchemaMigration.class.getClassLoader())
                .dataSource(dataSource)
                .locations("classpath:db/migration")
                .load()
                .migrate();
        LOG.info(() -> "Schema at version " + result.targetSchemaVersion + " (" + result.migrationsExecuted
                + " migrations applied now)");
    }
}
