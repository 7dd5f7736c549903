package agentmesh.stack;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * The whole local mesh: database, Kafka broker, and the application server ({@code MESH_SERVER}: Payara Server or
 * WildFly with the EAR, or Payara Micro with the WAR); with {@code MESH_TOPOLOGY=cluster}, three Kafka nodes, a
 * second instance and HAProxy in front of both. Started in that order and closed in the reverse one. The run
 * command and the system tests both use it, so what the tests run is what an operator runs.
 */
public final class MeshStack implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(MeshStack.class.getName());

    private final StackConfig config;
    private final Database database;
    private final Optional<KafkaNodes> kafka;
    private final Optional<LoadBalancer> balancer;
    private final MeshServer server;
    private final List<MeshServer> extraServers = new ArrayList<>();
    /** The instances {@link #addServer} set up, which it starts again with new settings once stopped. */
    private final List<MeshServer> addedServers = new ArrayList<>();

    private final Path payaraHome;
    private final Path payaraMicro;
    private final Path wildflyHome;
    private final Path serverConfig;
    private final Path ear;
    private final Path war;
    private final Path rootWar;
    private Duration startupTime = Duration.ZERO;

    public MeshStack(StackConfig config) {
        this.config = config;
        Properties build = buildProperties();
        this.ear = Path.of(build.getProperty("ear"));
        this.war = Path.of(build.getProperty("war"));
        this.rootWar = Path.of(build.getProperty("root.war"));
        this.database = new Database(config);
        this.kafka = config.kafkaBootstrap().isPresent()
                ? Optional.empty()
                : Optional.of(kafkaNodes(config, Path.of(build.getProperty("kafka.lib"))));
        this.balancer = config.topology() == StackConfig.Topology.CLUSTER
                ? Optional.of(
                        new LoadBalancer(config.haproxy(), config.stateDir().resolve("haproxy"), config.balancerPort()))
                : Optional.empty();
        this.payaraHome = Path.of(build.getProperty("payara.home"));
        this.payaraMicro = Path.of(build.getProperty("payara.micro"));
        this.wildflyHome = Path.of(build.getProperty("wildfly.home"));
        this.serverConfig = Path.of(build.getProperty("server-config"));
        this.server = newServer(
                config.server(),
                "",
                config.httpPort(),
                config.adminPort(),
                config.portBase(),
                serverEnvironment(config));
    }

    public MeshStack start() {
        Instant begin = Instant.now();
        List<Path> applications = config.server() == StackConfig.Server.MICRO ? List.of(war, rootWar) : List.of(ear);
        for (Path application : applications) {
            if (!Files.isRegularFile(application)) {
                throw new StackException("No " + application.getFileName() + " at " + application
                        + ": build first (./mvnw -DskipTests package)");
            }
        }
        // A build for one server fetches only that one (mesh-stack/pom.xml, -Dmesh.server).
        Path installation = switch (config.server()) {
            case PAYARA -> payaraHome;
            case MICRO -> payaraMicro;
            case WILDFLY -> wildflyHome;
        };
        if (!Files.exists(installation)) {
            throw new StackException("No " + config.server().title() + " at " + installation + ": build for it first"
                    + " (./mvnw -DskipTests package -Dmesh.server="
                    + config.server().name().toLowerCase() + ")");
        }
        try {
            Files.createDirectories(config.stateDir());
            database.start();
            kafka.ifPresent(KafkaNodes::start);
            server.createAndDeploy();
            if (balancer.isPresent()) {
                newExtraServer(Map.of());
                balancer.get().start(servers());
            }
        } catch (IOException e) {
            close();
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
        startupTime = Duration.between(begin, Instant.now());
        LOG.info(() -> "Mesh stack up in " + startupTime.toMillis() + " ms");
        return this;
    }

    public StackConfig config() {
        return config;
    }

    /** The stack's (first) server instance. */
    public MeshServer server() {
        return server;
    }

    /** Every server instance the stack runs: the first, and those added (the cluster's second among them). */
    public List<MeshServer> servers() {
        List<MeshServer> all = new ArrayList<>(List.of(server));
        all.addAll(extraServers);
        return all;
    }

    /** The load balancer in front of the instances, in a cluster. */
    public Optional<LoadBalancer> balancer() {
        return balancer;
    }

    /**
     * Starts one more server instance of the mesh, of the stack's kind, on the same database and Kafka and on free
     * ports, with settings of its own on top of the stack's (e.g. a short idle-task limit). The system tests use it
     * to show that instances share the work safely; it is stopped with the stack, or by closing it. An instance added
     * this way and stopped since is started again with the new settings rather than a new one set up: its set-up and
     * deployment are the same, and a start is 40 s of the 95 a new Payara instance takes.
     */
    public MeshServer addServer(Map<String, String> settings) {
        Optional<MeshServer> stopped =
                addedServers.stream().filter(added -> added.pid().isEmpty()).findFirst();
        if (stopped.isPresent()) {
            stopped.get().restart(environment(settings));
            return stopped.get();
        }
        MeshServer added = newExtraServer(settings);
        addedServers.add(added);
        return added;
    }

    private MeshServer newExtraServer(Map<String, String> settings) {
        int portBase = Ports.freeBase(config.portBase().orElse(8000) + 1000);
        MeshServer added = newServer(
                config.server(),
                "-" + portBase,
                portBase + 80,
                portBase + 48,
                Optional.of(portBase),
                environment(settings));
        extraServers.add(added);
        added.createAndDeploy();
        return added;
    }

    private Map<String, String> environment(Map<String, String> settings) {
        Map<String, String> environment = serverEnvironment(config);
        environment.putAll(settings);
        return environment;
    }

    /**
     * One more Payara Server instance, whatever the stack's kind, with the production settings and started with no
     * application: for a test tool that deploys the EAR itself (the in-container tests deploy it with their test
     * classes inside).
     */
    public PayaraServer addEmptyServer() {
        PayaraServer empty = newPayaraServer();
        empty.create();
        return empty;
    }

    /** One more Payara Server domain as {@code create-domain} makes it, nothing of the mesh's in it, started. */
    public PayaraServer addBareServer() {
        PayaraServer bare = newPayaraServer();
        bare.createBare();
        return bare;
    }

    private PayaraServer newPayaraServer() {
        int portBase = Ports.freeBase(config.portBase().orElse(8000) + 1000);
        PayaraServer server = (PayaraServer) newServer(
                StackConfig.Server.PAYARA,
                "-" + portBase,
                portBase + 80,
                portBase + 48,
                Optional.of(portBase),
                serverEnvironment(config));
        extraServers.add(server);
        return server;
    }

    /** The EAR the stack deploys. */
    public Path ear() {
        return ear;
    }

    private MeshServer newServer(
            StackConfig.Server kind,
            String suffix,
            int httpPort,
            int adminPort,
            Optional<Integer> portBase,
            Map<String, String> environment) {
        return switch (kind) {
            case MICRO ->
                new PayaraMicroServer(
                        payaraMicro,
                        war,
                        rootWar,
                        serverConfig,
                        config.stateDir().resolve("micro" + suffix),
                        httpPort,
                        environment);
            case PAYARA ->
                new PayaraServer(
                        payaraHome,
                        ear,
                        serverConfig,
                        config.stateDir().resolve("domains" + suffix),
                        httpPort,
                        adminPort,
                        portBase,
                        environment);
            case WILDFLY ->
                new WildFlyServer(
                        wildflyHome,
                        ear,
                        serverConfig,
                        config.stateDir().resolve("wildfly" + suffix),
                        httpPort,
                        environment);
        };
    }

    /**
     * The one broker the stack started; empty when {@code MESH_KAFKA_BOOTSTRAP} points at an outside one, or when the
     * stack runs three ({@link #kafkaNodes()}).
     */
    public Optional<KafkaBroker> kafka() {
        return kafka.map(KafkaNodes::nodes).filter(nodes -> nodes.size() == 1).map(nodes -> nodes.get(0));
    }

    /** Every Kafka node the stack started. */
    public List<KafkaBroker> kafkaNodes() {
        return kafka.map(KafkaNodes::nodes).orElse(List.of());
    }

    private static KafkaNodes kafkaNodes(StackConfig config, Path libs) {
        Optional<KafkaBroker.ScramUser> scram = config.kafkaBrokerScram().map(KafkaBroker.ScramUser::parse);
        return config.topology() == StackConfig.Topology.CLUSTER
                ? KafkaNodes.cluster(config.stateDir(), libs, config.kafkaPort(), scram, config.fresh())
                : KafkaNodes.single(
                        config.stateDir().resolve("kafka"), libs, config.kafkaPort(), scram, config.fresh());
    }

    public Duration startupTime() {
        return startupTime;
    }

    @Override
    public void close() {
        balancer.ifPresent(LoadBalancer::close);
        extraServers.forEach(MeshServer::close);
        server.close();
        kafka.ifPresent(KafkaNodes::close);
        database.close();
    }

    /** What every instance is started with: the operator's {@code MESH_*} settings under the stack's own. */
    static Map<String, String> serverEnvironment(StackConfig config) {
        Map<String, String> env = new LinkedHashMap<>(config.serverEnvironment());
        env.put("MESH_DB_URL", config.database().applicationUrl());
        env.put("MESH_DB_USER", config.dbUser());
        env.put("MESH_DB_PASSWORD", config.dbPassword());
        env.put("MESH_KAFKA_BOOTSTRAP", config.effectiveKafkaBootstrap());
        env.put("MESH_ADMIN_TOKEN", config.adminToken());
        if (config.topology() == StackConfig.Topology.CLUSTER) {
            // Every partition on all three nodes, acks=all waiting for two of them (the mesh sets min.insync.replicas).
            env.putIfAbsent("MESH_KAFKA_TOPIC_REPLICATION_FACTOR", Integer.toString(KafkaNodes.CLUSTER_SIZE));
            // Agents reach the instances through the balancer: cards and links name it, and the failed-authentication
            // lockout keys on the address it forwards.
            env.putIfAbsent("MESH_PUBLIC_URL", config.baseUri().resolve("/mesh").toString());
            env.putIfAbsent("MESH_HTTP_TRUSTED_PROXIES", "127.0.0.1");
            // The balancer spreads an agent's requests over both instances: each holds it to half its rate.
            env.putIfAbsent("MESH_RATE_LIMIT_INSTANCES", "2");
        }
        return env;
    }

    private static Properties buildProperties() {
        try (InputStream in = MeshStack.class.getResourceAsStream("build.properties")) {
            Properties properties = new Properties();
            properties.load(in);
            return properties;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
