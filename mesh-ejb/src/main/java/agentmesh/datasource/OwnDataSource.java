package agentmesh.datasource;

import jakarta.annotation.sql.DataSourceDefinition;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import java.sql.Connection;

/**
 * Defines the application's own datasource, used where the server offers none (see {@link MeshDataSource}). The
 * pool's settings are those of the server's {@code jdbc/mesh}, explained in {@code server-config/payara/setup.asadmin}:
 * 8 connections kept open, at most 32, validated. An EJB with no behaviour: the servers read
 * {@code @DataSourceDefinition} on the application's components only (a plain class is none), and a startup
 * singleton is the shape that Payara and WildFly both honour.
 */
@DataSourceDefinition(
        name = MeshDataSource.OWN,
        className = "com.mysql.cj.jdbc.MysqlDataSource",
        url = "${MPCONFIG=mesh.db.url}",
        user = "${MPCONFIG=mesh.db.user}",
        password = "${MPCONFIG=mesh.db.password}",
        isolationLevel = Connection.TRANSACTION_READ_COMMITTED,
        minPoolSize = 8,
        maxPoolSize = 32,
        properties = {
            // Client-side prepared statements parsed once per connection and SQL text, not on every execution.
            "cachePrepStmts=true",
            "prepStmtCacheSize=256",
            "prepStmtCacheSqlLimit=4096",
            // The driver keeps autocommit and isolation in mind instead of setting them again on every checkout.
            "useLocalSessionState=true",
            // A batch of inserts goes as one multi-row statement: one round trip.
            "rewriteBatchedStatements=true",
            // The driver's own tracing spans cost time on every statement; the server's metrics say what matters.
            "openTelemetry=DISABLED",
            // Payara's pool does not notice by itself that the database closed a connection: without validation it
            // handed out dead connections for minutes after the chaos suite killed the pool's connections (every
            // use failing with "No operations allowed after connection closed"). A connection is checked (a ping)
            // at checkout when it has not been for 2 s, and one found dead has the pool replace them all: whatever
            // killed one (a restart, a failover) killed its siblings too.
            "fish.payara.is-connection-validation-required=true",
            "fish.payara.connection-validation-method=custom-validation",
            "fish.payara.validation-classname=org.glassfish.api.jdbc.validation.MySQLConnectionValidation",
            "fish.payara.validate-atmost-once-period-in-seconds=2",
            "fish.payara.fail-all-connections=true"
        })
@Singleton
@Startup
public class OwnDataSource {}
