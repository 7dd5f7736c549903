package agentmesh.stack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * Payara Micro running the mesh's WAR at {@code /mesh} and the root module's at {@code /} ({@code :ROOT}, Micro's
 * name for the root context): one process, no domain to create and no admin port. Its settings come from
 * {@code server-config/payara-micro/pre-boot.asadmin} (the same HTTP settings as the Server domain's) and the JVM
 * options on its command line; the application's configuration reaches it through the environment, as on the Server.
 * Hazelcast is off ({@code --nohazelcast}): the instances of the mesh share only the database and Kafka, and with it
 * Payara Micro 6.2025.10 started its HTTP listener twice here and failed with a BindException on its own port.
 */
public final class PayaraMicroServer implements MeshServer {

    private static final Logger LOG = Logger.getLogger(PayaraMicroServer.class.getName());

    /** The Server domain's heap (see setup.asadmin), and whole stacks in JFR profiles. */
    static final List<String> JVM_OPTIONS = List.of("-Xmx1g", "-XX:FlightRecorderOptions=stackdepth=256");

    private final Path microJar;
    private final Path war;
    private final Path rootWar;
    private final Path serverConfig;
    private final Path rootDir;
    private final int httpPort;
    private Map<String, String> environment;
    private Optional<ProcessHandle> process = Optional.empty();

    PayaraMicroServer(
            Path microJar,
            Path war,
            Path rootWar,
            Path serverConfig,
            Path rootDir,
            int httpPort,
            Map<String, String> environment) {
        this.microJar = microJar;
        this.war = war;
        this.rootWar = rootWar;
        this.serverConfig = serverConfig;
        this.rootDir = rootDir;
        this.httpPort = httpPort;
        this.environment = environment;
    }

    /** Starts a fresh instance (a new root directory) with the WAR and waits until the application answers. */
    @Override
    public void createAndDeploy() {
        pidFromFile().ifPresent(stale -> {
            LOG.warning("Killing a Payara Micro left running by an earlier stack");
            Processes.kill(stale);
        });
        Directories.delete(rootDir);
        restart();
    }

    @Override
    public int httpPort() {
        return httpPort;
    }

    /**
     * Starts the instance on an empty runtime directory. Micro records a deployed application in that directory and
     * loads it from there at the next start, before {@code --deploy} deploys it again over the running copy: the
     * first copy's open transactions were cut off mid-flight and their row locks held until the lock-wait timeout.
     */
    @Override
    public void restart() {
        Ports.requireFree(httpPort, "Payara Micro HTTP, MESH_PORT_BASE + 80");
        Directories.delete(rootDir.resolve("runtime"));
        try {
            Files.createDirectories(rootDir);
            ProcessBuilder builder = new ProcessBuilder(command())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(serverLog().toFile()));
            builder.environment().putAll(environment);
            Process started = builder.start();
            started.getOutputStream().close();
            Files.writeString(pidFile(), Long.toString(started.pid()));
            process = Optional.of(started.toHandle());
        } catch (IOException e) {
            throw new StackException("Could not start Payara Micro: " + e.getMessage(), e);
        }
        ApplicationProbe.await(this, Duration.ofMinutes(3));
    }

    @Override
    public void restart(Map<String, String> environment) {
        this.environment = environment;
        restart();
    }

    private List<String> command() {
        List<String> command = new ArrayList<>();
        command.add(Processes.javaCommand());
        command.addAll(JVM_OPTIONS);
        command.add("-Xlog:gc*,safepoint:file=" + rootDir.resolve("gc.log")); // as on Payara Server
        command.addAll(List.of(
                "-jar",
                microJar.toString(),
                "--deploy",
                war.toString(),
                "--deploy",
                rootWar + ":ROOT",
                "--port",
                Integer.toString(httpPort),
                "--nohazelcast",
                "--rootdir",
                rootDir.resolve("runtime").toString(),
                "--prebootcommandfile",
                serverConfig.resolve("payara-micro").resolve("pre-boot.asadmin").toString()));
        return command;
    }

    @Override
    public Optional<ProcessHandle> pid() {
        return process.filter(ProcessHandle::isAlive);
    }

    @Override
    public Path serverLog() {
        return rootDir.resolve("server.log");
    }

    private Optional<ProcessHandle> pidFromFile() {
        return Processes.fromPidFile(pidFile());
    }

    private Path pidFile() {
        return rootDir.resolve("pid");
    }
}
