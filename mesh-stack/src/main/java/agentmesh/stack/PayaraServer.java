package agentmesh.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * A Payara Server (Full) domain of the mesh's own, created from the distribution the build unpacked, prepared as
 * production is ({@code server-config/payara/setup.asadmin}: the {@code jdbc/mesh} pool, thread pools, monitoring)
 * and with the EAR deployed. The application's settings reach the server process through its environment
 * (MicroProfile Config reads {@code MESH_*} variables; the pool reads MESH_DB_URL and MESH_DB_USER); the database
 * password is kept in the domain's password store.
 */
public final class PayaraServer implements MeshServer {

    private static final Logger LOG = Logger.getLogger(PayaraServer.class.getName());
    private static final String DOMAIN = "mesh";

    private final Path payaraHome;
    private final Path ear;
    private final Path serverConfig;
    private final Path domainsDir;
    private final Optional<Integer> portBase;
    private final int httpPort;
    private final int adminPort;
    private Map<String, String> environment;

    PayaraServer(
            Path payaraHome,
            Path ear,
            Path serverConfig,
            Path domainsDir,
            int httpPort,
            int adminPort,
            Optional<Integer> portBase,
            Map<String, String> environment) {
        this.payaraHome = payaraHome;
        this.ear = ear;
        this.serverConfig = serverConfig;
        this.domainsDir = domainsDir;
        this.portBase = portBase;
        this.httpPort = httpPort;
        this.adminPort = adminPort;
        this.environment = environment;
    }

    /**
     * Creates the domain anew, applies the production settings of {@code server-config/payara/setup.asadmin}, starts
     * it with them and deploys the EAR.
     */
    @Override
    public void createAndDeploy() {
        create();
        deploy();
    }

    /** Creates the domain anew with the production settings and starts it, with no application. */
    public void create() {
        createBare();
        adminCommand("add-library", Database.driverJar().toString());
        createPasswordAlias("mesh.db.password", environment.get("MESH_DB_PASSWORD"));
        applySettings(serverConfig.resolve("payara").resolve("setup.asadmin"));
        stop(); // the JVM options and the driver take effect at the next start
        start();
    }

    /**
     * Creates the domain anew as {@code create-domain} makes it, nothing of the mesh's in it (no driver, no pool, no
     * settings), and starts it, with no application.
     */
    public void createBare() {
        stopStale();
        Directories.delete(domainsDir.resolve(DOMAIN));
        List<String> create =
                new ArrayList<>(List.of("create-domain", "--nopassword", "--domaindir", domainsDir.toString()));
        portBase.ifPresent(base -> create.addAll(List.of("--portbase", base.toString())));
        create.add(DOMAIN);
        asadmin(create, Duration.ofMinutes(2));
        start();
    }

    /**
     * Runs the settings file in one asadmin session. asadmin's exit code is its last command's: a command that failed
     * before it (a JVM option it could not parse, say) would go unnoticed, and the domain would differ from what the
     * file says production runs — so each failure is logged. A warning, not a stop: the EJB pool's size cannot be
     * set on a domain that has not deployed an EJB module yet (its configuration is made then), and is not needed
     * to run.
     */
    private void applySettings(Path file) {
        String output = adminCommand("multimode", "--file", file.toString());
        List<String> failed = output.lines()
                .filter(line -> line.startsWith("remote failure:"))
                .toList();
        if (!failed.isEmpty()) {
            LOG.warning(() -> "Settings in " + file + " that failed: " + String.join("; ", failed));
        }
    }

    /** A secret in the domain's password store, handed over in a file that lives only as long as the command. */
    private void createPasswordAlias(String alias, String secret) {
        try {
            Path passwordFile = Files.createTempFile("mesh-alias", ".txt");
            try {
                Files.writeString(passwordFile, "AS_ADMIN_ALIASPASSWORD=" + secret + "\n");
                adminCommand("--passwordfile", passwordFile.toString(), "create-password-alias", alias);
            } finally {
                Files.delete(passwordFile);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot hand " + alias + " to asadmin", e);
        }
    }

    /** Deploys the EAR, or deploys it again, and waits until it answers. */
    public void deploy() {
        asadmin(
                List.of(
                        "--port",
                        Integer.toString(adminPort),
                        "deploy",
                        "--force=true",
                        "--name",
                        DOMAIN,
                        ear.toString()),
                Duration.ofMinutes(5));
        awaitApplication();
    }

    @Override
    public int httpPort() {
        return httpPort;
    }

    public int adminPort() {
        return adminPort;
    }

    /** Runs an asadmin command against the running domain and returns what it printed. */
    public String adminCommand(String... arguments) {
        List<String> command = new ArrayList<>(List.of("--port", Integer.toString(adminPort)));
        command.addAll(List.of(arguments));
        return asadmin(command, Duration.ofMinutes(2));
    }

    /** Starts the existing domain; the EAR deployed in it starts with it. */
    public void start() {
        Ports.requireFree(httpPort, "Payara HTTP, MESH_PORT_BASE + 80");
        Ports.requireFree(adminPort, "Payara admin, MESH_PORT_BASE + 48");
        asadmin(List.of("start-domain", "--domaindir", domainsDir.toString(), DOMAIN), Duration.ofMinutes(3));
    }

    @Override
    public void restart() {
        start();
        awaitApplication();
    }

    @Override
    public void restart(Map<String, String> environment) {
        this.environment = environment;
        restart();
    }

    @Override
    public void stop() {
        if (pid().isPresent()) {
            asadmin(List.of("stop-domain", "--domaindir", domainsDir.toString(), DOMAIN), Duration.ofMinutes(2));
        }
    }

    @Override
    public Optional<ProcessHandle> pid() {
        return Processes.fromPidFile(
                domainsDir.resolve(DOMAIN).resolve("config").resolve("pid"));
    }

    @Override
    public Path serverLog() {
        return domainsDir.resolve(DOMAIN).resolve("logs").resolve("server.log");
    }

    @Override
    public void close() {
        try {
            stop();
        } catch (StackException e) {
            LOG.warning("Payara did not stop cleanly, killing it: " + e.getMessage());
            kill();
        }
    }

    private void awaitApplication() {
        ApplicationProbe.await(this, Duration.ofMinutes(3));
    }

    private void stopStale() {
        if (pid().isPresent()) {
            LOG.warning("Stopping a Payara domain left running by an earlier stack");
            close();
        }
    }

    private String asadmin(List<String> arguments, Duration timeout) {
        List<String> command = new ArrayList<>();
        command.add(payaraHome.resolve("bin").resolve("asadmin").toString());
        command.addAll(arguments);
        Map<String, String> env = new java.util.HashMap<>(environment);
        env.put("AS_JAVA", Processes.javaHome().toString());
        return Processes.run(command, env, timeout);
    }
}
