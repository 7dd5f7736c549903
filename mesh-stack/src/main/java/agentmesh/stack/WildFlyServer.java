package agentmesh.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * A WildFly standalone server of the mesh's own with the same EAR as Payara's: a base directory copied from the
 * distribution the build unpacked, prepared as production is ({@code server-config/wildfly/setup.cli}: the
 * MicroProfile subsystems, the {@code mesh} datasource, thread pools), with the EAR in its deployments directory.
 * Its ports are WildFly's defaults moved by the offset that puts HTTP on the stack's port (8080 → MESH_PORT_BASE + 80);
 * health and metrics are on the management port (9990 moved the same). The application's settings reach the server
 * process through its environment, as on Payara.
 */
public final class WildFlyServer implements MeshServer {

    private static final Logger LOG = Logger.getLogger(WildFlyServer.class.getName());
    private static final int DEFAULT_HTTP_PORT = 8080;
    private static final int DEFAULT_MANAGEMENT_PORT = 9990;
    private static final String CONFIGURATION = "standalone-full.xml";

    private final Path wildflyHome;
    private final Path ear;
    private final Path serverConfig;
    private final Path baseDir;
    private final int httpPort;
    private Map<String, String> environment;

    WildFlyServer(
            Path wildflyHome,
            Path ear,
            Path serverConfig,
            Path baseDir,
            int httpPort,
            Map<String, String> environment) {
        if (httpPort < DEFAULT_HTTP_PORT) {
            throw new StackException("WildFly's ports are its defaults moved up: its HTTP port must be at least "
                    + DEFAULT_HTTP_PORT + " (MESH_PORT_BASE at least 8000), not " + httpPort);
        }
        this.wildflyHome = wildflyHome;
        this.ear = ear;
        this.serverConfig = serverConfig;
        this.baseDir = baseDir;
        this.httpPort = httpPort;
        this.environment = environment;
    }

    /** A fresh base directory, prepared by the setup script, with the EAR deployed; started and answering. */
    @Override
    public void createAndDeploy() {
        pid().ifPresent(stale -> {
            LOG.warning("Killing a WildFly left running by an earlier stack");
            Processes.kill(stale);
        });
        Directories.delete(baseDir);
        try {
            Directories.copy(wildflyHome.resolve("standalone"), baseDir);
            Files.copy(ear, baseDir.resolve("deployments").resolve("mesh.ear"), StandardCopyOption.REPLACE_EXISTING);
            Files.createDirectories(modules());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot prepare WildFly's base directory " + baseDir, e);
        }
        prepare();
        restart();
    }

    /** Applies {@code server-config/wildfly/setup.cli} to the base directory's configuration, offline. */
    private void prepare() {
        Path properties = baseDir.resolve("setup.properties");
        try {
            Files.writeString(
                    properties, "mesh.jdbc.driver=" + Database.driverJar() + "\nmesh.modules=" + modules() + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, String> env = new HashMap<>(environment);
        env.put("JAVA_HOME", Processes.javaHome().toString());
        env.put("JAVA_OPTS", "-Xmx256m -Djboss.server.base.dir=" + baseDir);
        Processes.run(
                List.of(
                        wildflyHome.resolve("bin").resolve("jboss-cli.sh").toString(),
                        "--properties=" + properties,
                        "--file=" + serverConfig.resolve("wildfly").resolve("setup.cli")),
                env,
                Duration.ofMinutes(2));
    }

    /** The server's own modules (the JDBC driver), beside the distribution's, which stays as the build unpacked it. */
    private Path modules() {
        return baseDir.resolve("modules");
    }

    @Override
    public int httpPort() {
        return httpPort;
    }

    public int managementPort() {
        return DEFAULT_MANAGEMENT_PORT + portOffset();
    }

    @Override
    public URI managementUri() {
        return URI.create("http://127.0.0.1:" + managementPort() + "/");
    }

    private int portOffset() {
        return httpPort - DEFAULT_HTTP_PORT;
    }

    /** Starts the server on its base directory; the EAR in it deploys as it starts. */
    @Override
    public void restart() {
        Ports.requireFree(httpPort, "WildFly HTTP, MESH_PORT_BASE + 80");
        Ports.requireFree(managementPort(), "WildFly management, MESH_PORT_BASE + 1990");
        Map<String, String> env = new HashMap<>(environment);
        env.put("JAVA_HOME", Processes.javaHome().toString());
        env.put("JAVA", Processes.javaCommand());
        // The heap, JFR stack depth and GC log of the Payara domain (setup.asadmin): a line per collection in
        // log/gc.log beside server.log, where the abusive-agent suite reads the heap in use; standalone.sh adds the
        // module options.
        env.put(
                "JAVA_OPTS",
                "-Xms256m -Xmx1g -XX:FlightRecorderOptions=stackdepth=256 -Djava.net.preferIPv4Stack=true"
                        + " -Djboss.modules.system.pkgs=org.jboss.byteman -Djava.awt.headless=true"
                        + " -Xlog:gc*,safepoint:file=" + serverLog().resolveSibling("gc.log"));
        env.put("LAUNCH_JBOSS_IN_BACKGROUND", "true");
        env.put("JBOSS_PIDFILE", pidFile().toString());
        env.put("JBOSS_MODULEPATH", wildflyHome.resolve("modules") + ":" + modules());
        try {
            Files.deleteIfExists(pidFile());
            Files.createDirectories(serverLog().getParent()); // the JVM opens the GC log before WildFly makes log/
            ProcessBuilder builder = new ProcessBuilder(
                            wildflyHome.resolve("bin").resolve("standalone.sh").toString(),
                            "-c",
                            CONFIGURATION,
                            "-Djboss.server.base.dir=" + baseDir,
                            "-Djboss.socket.binding.port-offset=" + portOffset(),
                            "-Djboss.tx.node.id=mesh-" + httpPort)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(
                            baseDir.resolve("console.log").toFile()));
            builder.environment().putAll(env);
            builder.start().getOutputStream().close();
        } catch (IOException e) {
            throw new StackException("Could not start WildFly: " + e.getMessage(), e);
        }
        Wait.until("WildFly's process id in " + pidFile(), Duration.ofSeconds(30), () -> pid().isPresent());
        ApplicationProbe.await(this, Duration.ofMinutes(3));
    }

    @Override
    public void restart(Map<String, String> environment) {
        this.environment = environment;
        restart();
    }

    @Override
    public Optional<ProcessHandle> pid() {
        return Processes.fromPidFile(pidFile());
    }

    @Override
    public Path serverLog() {
        return baseDir.resolve("log").resolve("server.log");
    }

    private Path pidFile() {
        return baseDir.resolve("wildfly.pid");
    }
}
