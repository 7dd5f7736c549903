package agentmesh.datasource;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * Brings the schema up to date before anything else starts: the numbered migrations of {@code sql/} are applied by
 * Flyway at deployment, never by JPA DDL generation, on the datasource in use ({@link MeshDataSource}).
 * Other startup beans that touch the database declare {@code @DependsOn("SchemaMigration")}.
 */
@Singleton
@Startup
public class SchemaMigration {

    private static final Logger LOG = Logger.getLogger(SchemaMigration.class.getName());

    @Resource(lookup = MeshDataSource.IN_USE)
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
