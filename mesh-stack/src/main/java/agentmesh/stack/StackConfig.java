package agentmesh.stack;

import java.net.URI;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Everything the local stack can be told, read from environment variables (or system properties of the same name).
 * docs/CONFIGURATION.md lists each of them; the defaults are the developer-machine ports of DESIGN.md.
 */
public record StackConfig(
        Path stateDir,
        Server server,
        String dbUrl,
        String dbUser,
        String dbPassword,
        String dbAdminUser,
        String dbAdminPassword,
        EmbeddedDatabase embeddedDatabase,
        boolean fresh,
        Optional<String> kafkaBootstrap,
        int kafkaPort,
        Optional<String> kafkaBrokerScram,
        Topology topology,
        Path haproxy,
        Optional<Integer> portBase,
        String adminToken,
        boolean adminTokenGenerated,
        Map<String, String> serverEnvironment) {

    /** Which application server runs the mesh: Payara Server or WildFly with the EAR, or Payara Micro with the WAR. */
    public enum Server {
        PAYARA("Payara Server"),
        MICRO("Payara Micro"),
        WILDFLY("WildFly");

        private final String title;

        Server(String title) {
            this.title = title;
        }

        public String title() {
            return title;
        }
    }

    /**
     * What runs: one Kafka node and one instance, or ({@code MESH_TOPOLOGY=cluster}) three Kafka nodes, two
     * Payara Server instances and HAProxy in front of them (docs/DEPLOYMENT.md).
     */
    public enum Topology {
        SINGLE,
        CLUSTER
    }

    /** When to start an embedded MariaDB instead of using the server at {@link #dbUrl}. */
    public enum EmbeddedDatabase {
        AUTO,
        ALWAYS,
        NEVER
    }

    public static StackConfig fromEnvironment(Path defaultStateDir) {
        return builder(defaultStateDir).build();
    }

    public static Builder builder(Path defaultStateDir) {
        return new Builder(defaultStateDir);
    }

    public int httpPort() {
        return portBase.map(base -> base + 80).orElse(8080);
    }

    public int adminPort() {
        return portBase.map(base -> base + 48).orElse(4848);
    }

    /** Where agents reach the mesh's API: the first instance, or the load balancer in a cluster. */
    public URI baseUri() {
        int port = topology == Topology.CLUSTER ? balancerPort() : httpPort();
        return URI.create("http://127.0.0.1:" + port + "/mesh/api/v1/");
    }

    /** The load balancer's port in a cluster: {@code MESH_PORT_BASE} + 90, or 8090. */
    public int balancerPort() {
        return portBase.map(base -> base + 90).orElse(8090);
    }

    /** The admin's dashboard, a page of mesh-web (src/main/webapp/admin) beside the API. */
    public URI dashboardUri() {
        return baseUri().resolve("/mesh/admin/");
    }

    public URI consoleUri() {
        return URI.create("http://127.0.0.1:" + adminPort() + "/");
    }

    public String effectiveKafkaBootstrap() {
        return kafkaBootstrap.orElseGet(() -> topology == Topology.CLUSTER
                ? java.util.stream.IntStream.rangeClosed(1, KafkaNodes.CLUSTER_SIZE)
                        .mapToObj(id -> "127.0.0.1:" + KafkaNodes.port(kafkaPort, id))
                        .collect(java.util.stream.Collectors.joining(","))
                : "127.0.0.1:" + kafkaPort);
    }

    public DatabaseUrl database() {
        return DatabaseUrl.parse(dbUrl);
    }

    public static final class Builder {
        private final Path defaultStateDir;
        private final Map<String, String> overrides = new LinkedHashMap<>();

        private Builder(Path defaultStateDir) {
            this.defaultStateDir = defaultStateDir;
        }

        /** Sets a variable as if it were in the environment (tests use this for their own ports). */
        public Builder with(String name, String value) {
            overrides.put(name, value);
            return this;
        }

        private Optional<String> get(String name) {
            if (overrides.containsKey(name)) {
                return Optional.ofNullable(overrides.get(name));
            }
            String value = System.getProperty(name, System.getenv(name));
            return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.trim());
        }

        private String get(String name, String fallback) {
            return get(name).orElse(fallback);
        }

        public StackConfig build() {
            Path stateDir =
                    get("MESH_STACK_DIR").map(Path::of).orElse(defaultStateDir).toAbsolutePath();
            Optional<String> token = get("MESH_ADMIN_TOKEN");
            String adminToken = token.orElseGet(Builder::randomToken);
            Map<String, String> serverEnvironment = new LinkedHashMap<>();
            overrides.forEach((name, value) -> {
                // OTEL_*: the OpenTelemetry SDK's own settings (docs/TRACING.md), e.g. the tests' OTLP receiver.
                if ((name.startsWith("MESH_") || name.startsWith("OTEL_")) && value != null) {
                    serverEnvironment.put(name, value);
                }
            });
            // Test faults only when this stack is built with them (the tests' stacks), never from a variable left
            // in the shell that runs ./mesh run: the server inherits the launcher's environment otherwise.
            serverEnvironment.putIfAbsent("MESH_TEST_FAULTS", "false");
            return new StackConfig(
                    stateDir,
                    Server.valueOf(get("MESH_SERVER", "payara").toUpperCase()),
                    get("MESH_DB_URL", "jdbc:mysql://127.0.0.1:3306/mesh"),
                    get("MESH_DB_USER", "mesh"),
                    get("MESH_DB_PASSWORD", "mesh"),
                    get("MESH_DB_ADMIN_USER", "root"),
                    get("MESH_DB_ADMIN_PASSWORD", ""),
                    EmbeddedDatabase.valueOf(get("MESH_DB_EMBEDDED", "auto").toUpperCase()),
                    Boolean.parseBoolean(get("MESH_STACK_FRESH", "false")),
                    get("MESH_KAFKA_BOOTSTRAP"),
                    Integer.parseInt(get("MESH_KAFKA_PORT", "9092")),
                    get("MESH_KAFKA_BROKER_SCRAM"),
                    Topology.valueOf(get("MESH_TOPOLOGY", "single").toUpperCase()),
                    get("MESH_HAPROXY").map(Path::of).orElseGet(Builder::unpackedHaproxy),
                    get("MESH_PORT_BASE").map(Integer::parseInt),
                    adminToken,
                    token.isEmpty(),
                    serverEnvironment);
        }

        /** Where {@code ./mesh} unpacks Debian's HAProxy (its function ensure_haproxy). */
        private static Path unpackedHaproxy() {
            String cache = Optional.ofNullable(System.getenv("XDG_CACHE_HOME"))
                    .orElse(System.getProperty("user.home") + "/.cache");
            return Path.of(cache, "agent-mesh", "haproxy", "haproxy");
        }

        private static String randomToken() {
            byte[] bytes = new byte[24];
            new SecureRandom().nextBytes(bytes);
            return "admin-" + HexFormat.of().formatHex(bytes);
        }
    }
}
