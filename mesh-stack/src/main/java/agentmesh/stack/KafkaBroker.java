package agentmesh.stack;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * A real single-node Kafka broker (KRaft, broker and controller in one process) run from the jars the build copied
 * from Maven Central. Its data survives {@link #stop()} and {@link #kill()}, so a restart resumes the same log —
 * which is what the outage tests need.
 */
public final class KafkaBroker implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(KafkaBroker.class.getName());

    private final Path home;
    private final Path libs;
    private final int port;
    private boolean emptyOnFirstStart;
    private Process process;

    KafkaBroker(Path home, Path libs, int port, boolean emptyOnFirstStart) {
        this.home = home;
        this.libs = libs;
        this.port = port;
        this.emptyOnFirstStart = emptyOnFirstStart;
    }

    public String bootstrap() {
        return "127.0.0.1:" + port;
    }

    /** The broker's process while it runs. */
    public synchronized Optional<ProcessHandle> process() {
        return process == null || !process.isAlive() ? Optional.empty() : Optional.of(process.toHandle());
    }

    public synchronized void start() {
        stopStale();
        Ports.requireFree(port, "Kafka broker, MESH_KAFKA_PORT");
        Ports.requireFree(port + 1, "Kafka controller, MESH_KAFKA_PORT + 1");
        if (emptyOnFirstStart) {
            Directories.delete(dataDir()); // a fresh stack; a restart later in the same run keeps the log, as after an outage
            emptyOnFirstStart = false;
        }
        if (clusterId().isEmpty()) {
            formatStorage(randomClusterId());
        } else {
            writeConfiguration();
        }
        try {
            process = new ProcessBuilder(Processes.javaCommand(), "-Xmx512m",
                    "-Dlog4j2.configurationFile=" + home.resolve("log4j2.properties"),
                    "-cp", libs + "/*", "kafka.Kafka", serverProperties().toString())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(home.resolve("broker.log").toFile()))
                    .start();
            Files.writeString(pidFile(), Long.toString(process.pid()));
        } catch (IOException e) {
            throw new StackException("The Kafka broker did not start: " + e.getMessage(), e);
        }
        Wait.until("the Kafka broker on port " + port + " (log: " + home.resolve("broker.log") + ")",
                Duration.ofSeconds(90), () -> {
                    if (!process.isAlive()) {
                        throw new StackException("The Kafka broker exited with " + process.exitValue()
                                + "; see " + home.resolve("broker.log"));
                    }
                    return Ports.accepts("127.0.0.1", port);
                });
        LOG.info(() -> "Kafka broker ready at " + bootstrap());
    }

    /** SIGTERM: the broker shuts down cleanly. */
    public synchronized void stop() {
        if (process != null) {
            Processes.terminate(process.toHandle(), Duration.ofSeconds(30));
            process = null;
        }
    }

    /** SIGKILL: the broker dies as in a crash. */
    public synchronized void kill() {
        if (process != null) {
            Processes.kill(process.toHandle());
            process = null;
        }
    }

    @Override
    public void close() {
        stop();
    }

    private void stopStale() {
        Optional<ProcessHandle> stale = Processes.fromPidFile(pidFile())
                .filter(p -> p.info().commandLine().orElse("").contains("kafka.Kafka"));
        stale.ifPresent(p -> {
            LOG.warning("Stopping a Kafka broker left running by an earlier stack (pid " + p.pid() + ")");
            Processes.terminate(p, Duration.ofSeconds(30));
        });
    }

    private void writeConfiguration() {
        try {
            Files.createDirectories(dataDir());
            Files.writeString(serverProperties(), String.join("\n",
                    "process.roles=broker,controller",
                    "node.id=1",
                    "controller.quorum.voters=1@127.0.0.1:" + (port + 1),
                    "listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + (port + 1),
                    "advertised.listeners=PLAINTEXT://127.0.0.1:" + port,
                    "controller.listener.names=CONTROLLER",
                    "inter.broker.listener.name=PLAINTEXT",
                    "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
                    "log.dirs=" + dataDir(),
                    "num.partitions=12",
                    "offsets.topic.replication.factor=1",
                    "transaction.state.log.replication.factor=1",
                    "transaction.state.log.min.isr=1",
                    "share.coordinator.state.topic.replication.factor=1",
                    "share.coordinator.state.topic.min.isr=1",
                    "group.initial.rebalance.delay.ms=0",
                    // The outbox commits a Kafka transaction per round, rounds back to back: the next round's
                    // first record finds the last commit's markers still being written and waits this long before
                    // the broker tries again (20 ms by default, a round's whole budget).
                    "add.partitions.to.txn.retry.backoff.ms=5",
                    ""));
            Files.writeString(home.resolve("log4j2.properties"), String.join("\n",
                    "status=warn",
                    "appender.console.type=Console",
                    "appender.console.name=console",
                    "appender.console.layout.type=PatternLayout",
                    "appender.console.layout.pattern=[%d] %p %m (%c)%n",
                    "rootLogger.level=info",
                    "rootLogger.appenderRef.console.ref=console",
                    "logger.kafka.name=kafka",
                    "logger.kafka.level=warn",
                    "logger.apache.name=org.apache.kafka",
                    "logger.apache.level=warn",
                    "logger.ready.name=kafka.server.KafkaRaftServer",
                    "logger.ready.level=info",
                    ""));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Writes the broker's configuration and formats its log directory for a new cluster. The id is one argument,
     * {@code --cluster-id=…}: a random base64url id begins with {@code -} once in 64, and as a separate argument the
     * tool took it for an option.
     */
    void formatStorage(String clusterId) {
        writeConfiguration();
        Processes.run(List.of(Processes.javaCommand(), "-cp", libs + "/*", "kafka.tools.StorageTool", "format",
                "--cluster-id=" + clusterId, "--config=" + serverProperties()), Map.of(), Duration.ofMinutes(1));
    }

    /** The cluster id the log directory was formatted with, if it was. */
    Optional<String> clusterId() {
        Path meta = dataDir().resolve("meta.properties");
        if (!Files.exists(meta)) {
            return Optional.empty();
        }
        Properties properties = new Properties();
        try (InputStream in = Files.newInputStream(meta)) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Optional.ofNullable(properties.getProperty("cluster.id"));
    }

    private static String randomClusterId() {
        byte[] bytes = new byte[16];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private Path dataDir() {
        return home.resolve("data");
    }

    private Path serverProperties() {
        return home.resolve("server.properties");
    }

    private Path pidFile() {
        return home.resolve("broker.pid");
    }
}
