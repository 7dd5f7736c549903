package agentmesh.stack;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * A real Kafka node (KRaft, broker and controller in one process) run from the jars the build copied from Maven
 * Central: alone, or one of the nodes of a {@link KafkaNodes} cluster. Its data survives {@link #stop()} and
 * {@link #kill()}, so a restart resumes the same log — which is what the outage tests need.
 *
 * <p>With a SCRAM user ({@code MESH_KAFKA_BROKER_SCRAM}) its client listener is SASL_PLAINTEXT with SCRAM-SHA-256,
 * the user's credentials written into the log directory when it is formatted; the nodes talk to each other as that
 * user too. The controller listener stays plain: it is on loopback and no client uses it.
 */
public final class KafkaBroker implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(KafkaBroker.class.getName());

    /** What makes one node of a cluster: its id, its client port (its controller's is the next) and the quorum. */
    record Node(int id, int port, String quorumVoters, int replicationFactor) {

        /** A cluster of one. */
        static Node alone(int port) {
            return new Node(1, port, "1@127.0.0.1:" + (port + 1), 1);
        }
    }

    /** A SCRAM-SHA-256 user the broker knows from its first start on. */
    record ScramUser(String name, String password) {

        /** {@code name:password}, as {@code MESH_KAFKA_BROKER_SCRAM} gives it. */
        static ScramUser parse(String given) {
            int colon = given.indexOf(':');
            if (colon <= 0 || colon == given.length() - 1) {
                throw new StackException("MESH_KAFKA_BROKER_SCRAM must be user:password");
            }
            return new ScramUser(given.substring(0, colon), given.substring(colon + 1));
        }

        String jaasConfig() {
            return "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"" + name
                    + "\" password=\"" + password + "\";";
        }
    }

    private final Path home;
    private final Path libs;
    private final Node node;
    private final int port;
    private final Optional<ScramUser> scram;
    private boolean emptyOnFirstStart;
    private Process process;

    KafkaBroker(Path home, Path libs, int port, boolean emptyOnFirstStart) {
        this(home, libs, Node.alone(port), Optional.empty(), emptyOnFirstStart);
    }

    KafkaBroker(Path home, Path libs, Node node, Optional<ScramUser> scram, boolean emptyOnFirstStart) {
        this.home = home;
        this.libs = libs;
        this.node = node;
        this.port = node.port();
        this.scram = scram;
        this.emptyOnFirstStart = emptyOnFirstStart;
    }

    public String bootstrap() {
        return "127.0.0.1:" + port;
    }

    /** The node's id in its cluster (1 when alone). */
    public int nodeId() {
        return node.id();
    }

    /** The broker's process while it runs. */
    public synchronized Optional<ProcessHandle> process() {
        return process == null || !process.isAlive() ? Optional.empty() : Optional.of(process.toHandle());
    }

    public synchronized void start() {
        launch(randomClusterId());
        awaitReady();
    }

    /** Starts the process (formatting the log for the cluster {@code newClusterId} if it is new) without waiting. */
    synchronized void launch(String newClusterId) {
        stopStale();
        Ports.requireFree(port, "Kafka broker, MESH_KAFKA_PORT");
        Ports.requireFree(port + 1, "Kafka controller, MESH_KAFKA_PORT + 1");
        if (emptyOnFirstStart) {
            Directories.delete(
                    dataDir()); // a fresh stack; a restart later in the same run keeps the log, as after an outage
            emptyOnFirstStart = false;
        }
        if (clusterId().isEmpty()) {
            formatStorage(newClusterId);
        } else {
            writeConfiguration();
        }
        try {
            process = new ProcessBuilder(
                            Processes.javaCommand(),
                            node.replicationFactor() > 1 ? "-Xmx384m" : "-Xmx512m",
                            "-Dlog4j2.configurationFile=" + home.resolve("log4j2.properties"),
                            "-cp",
                            libs + "/*",
                            "kafka.Kafka",
                            serverProperties().toString())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(
                            home.resolve("broker.log").toFile()))
                    .start();
            Files.writeString(pidFile(), Long.toString(process.pid()));
        } catch (IOException e) {
            throw new StackException("The Kafka broker did not start: " + e.getMessage(), e);
        }
    }

    /** Waits until the started broker accepts connections; a cluster's nodes wait for their quorum first. */
    synchronized void awaitReady() {
        Wait.until(
                "the Kafka broker on port " + port + " (log: " + home.resolve("broker.log") + ")",
                Duration.ofSeconds(90),
                () -> {
                    if (!process.isAlive()) {
                        throw new StackException("The Kafka broker exited with " + process.exitValue() + "; see "
                                + home.resolve("broker.log"));
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
            Files.writeString(serverProperties(), String.join("\n", serverSettings()) + "\n");
            Files.writeString(
                    home.resolve("log4j2.properties"),
                    String.join(
                            "\n",
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

    List<String> serverSettings() {
        String client = scram.isPresent() ? "SASL_PLAINTEXT" : "PLAINTEXT";
        int replicas = node.replicationFactor();
        List<String> settings = new ArrayList<>(List.of(
                "process.roles=broker,controller",
                "node.id=" + node.id(),
                "controller.quorum.voters=" + node.quorumVoters(),
                "listeners=" + client + "://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + (port + 1),
                "advertised.listeners=" + client + "://127.0.0.1:" + port,
                "controller.listener.names=CONTROLLER",
                "inter.broker.listener.name=" + client,
                "listener.security.protocol.map=" + client + ":" + client + ",CONTROLLER:PLAINTEXT",
                "log.dirs=" + dataDir(),
                "num.partitions=12",
                // A cluster of three: what the mesh's topic gets (replicas 3, min.insync.replicas 2) for Kafka's own
                // topics too, so that losing one node loses no committed offset or transaction state.
                "default.replication.factor=" + replicas,
                "min.insync.replicas=" + Math.min(2, replicas),
                "offsets.topic.replication.factor=" + replicas,
                "transaction.state.log.replication.factor=" + replicas,
                "transaction.state.log.min.isr=" + Math.min(2, replicas),
                "share.coordinator.state.topic.replication.factor=" + replicas,
                "share.coordinator.state.topic.min.isr=" + Math.min(2, replicas),
                "group.initial.rebalance.delay.ms=0",
                // The outbox commits a Kafka transaction per round, rounds back to back: the next round's first
                // record finds the last commit's markers still being written and waits this long before the
                // broker tries again (20 ms by default, a round's whole budget).
                "add.partitions.to.txn.retry.backoff.ms=5"));
        scram.ifPresent(user -> settings.addAll(List.of(
                "sasl.enabled.mechanisms=SCRAM-SHA-256",
                "sasl.mechanism.inter.broker.protocol=SCRAM-SHA-256",
                "listener.name.sasl_plaintext.scram-sha-256.sasl.jaas.config=" + user.jaasConfig())));
        return settings;
    }

    /**
     * Writes the broker's configuration and formats its log directory for a new cluster. The id is one argument,
     * {@code --cluster-id=…}: a random base64url id begins with {@code -} once in 64, and as a separate argument the
     * tool took it for an option.
     */
    void formatStorage(String clusterId) {
        writeConfiguration();
        List<String> format = new ArrayList<>(List.of(
                Processes.javaCommand(),
                "-cp",
                libs + "/*",
                "kafka.tools.StorageTool",
                "format",
                "--cluster-id=" + clusterId,
                "--config=" + serverProperties()));
        scram.ifPresent(user ->
                format.add("--add-scram=SCRAM-SHA-256=[name=" + user.name() + ",password=" + user.password() + "]"));
        Processes.run(format, Map.of(), Duration.ofMinutes(1));
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

    static String randomClusterId() {
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
