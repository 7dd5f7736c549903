package agentmesh.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StackConfigTest {

    /** Every variable the stack reads, so that the shell running the tests cannot change what they see. */
    private static final List<String> VARIABLES = List.of(
            "MESH_STACK_DIR",
            "MESH_SERVER",
            "MESH_DB_URL",
            "MESH_DB_USER",
            "MESH_DB_PASSWORD",
            "MESH_DB_ADMIN_USER",
            "MESH_DB_ADMIN_PASSWORD",
            "MESH_DB_EMBEDDED",
            "MESH_STACK_FRESH",
            "MESH_KAFKA_BOOTSTRAP",
            "MESH_KAFKA_PORT",
            "MESH_KAFKA_BROKER_SCRAM",
            "MESH_TOPOLOGY",
            "MESH_HAPROXY",
            "MESH_PORT_BASE",
            "MESH_ADMIN_TOKEN",
            "MESH_TEST_FAULTS");

    private static StackConfig.Builder unset() {
        StackConfig.Builder builder = StackConfig.builder(Path.of("target/stack"));
        VARIABLES.forEach(name -> builder.with(name, null));
        return builder;
    }

    @Test
    void withNothingSetTheStackUsesTheDeveloperMachinesPorts() {
        StackConfig config = unset().build();

        assertEquals(StackConfig.Server.PAYARA, config.server());
        assertEquals(StackConfig.Topology.SINGLE, config.topology());
        assertEquals(StackConfig.EmbeddedDatabase.AUTO, config.embeddedDatabase());
        assertEquals(8080, config.httpPort());
        assertEquals(4848, config.adminPort());
        assertEquals(URI.create("http://127.0.0.1:8080/mesh/api/v1/"), config.baseUri());
        assertEquals(URI.create("http://127.0.0.1:8080/mesh/admin/"), config.dashboardUri());
        assertEquals("127.0.0.1:9092", config.effectiveKafkaBootstrap());
        assertEquals(new DatabaseUrl("127.0.0.1", 3306, "mesh", ""), config.database());
        assertEquals(Path.of("target/stack").toAbsolutePath(), config.stateDir());
        assertFalse(config.fresh());
    }

    @Test
    void aPortBaseMovesEveryPortAsPayaraDoes() {
        StackConfig config = unset().with("MESH_PORT_BASE", "18000").build();

        assertEquals(18080, config.httpPort());
        assertEquals(18048, config.adminPort());
        assertEquals(18090, config.balancerPort());
        assertEquals(URI.create("http://127.0.0.1:18048/"), config.consoleUri());
    }

    @Test
    void aClusterIsReachedThroughItsBalancerAndRunsThreeKafkaNodes() {
        StackConfig config = unset().with("MESH_TOPOLOGY", "cluster")
                .with("MESH_PORT_BASE", "18000")
                .with("MESH_KAFKA_PORT", "19092")
                .build();

        assertEquals(URI.create("http://127.0.0.1:18090/mesh/api/v1/"), config.baseUri());
        assertEquals("127.0.0.1:19092,127.0.0.1:19094,127.0.0.1:19096", config.effectiveKafkaBootstrap());
    }

    @Test
    void anOutsideKafkaIsUsedAsGiven() {
        StackConfig config = unset().with("MESH_TOPOLOGY", "cluster")
                .with("MESH_KAFKA_BOOTSTRAP", "kafka:9093")
                .build();

        assertEquals("kafka:9093", config.effectiveKafkaBootstrap());
    }

    @Test
    void namesAreReadWhateverTheirCase() {
        StackConfig config = unset().with("MESH_SERVER", "WildFly")
                .with("MESH_DB_EMBEDDED", "Never")
                .build();

        assertEquals(StackConfig.Server.WILDFLY, config.server());
        assertEquals(StackConfig.EmbeddedDatabase.NEVER, config.embeddedDatabase());
    }

    @Test
    void anUnknownServerOrANonNumericPortIsRefused() {
        assertThrows(
                IllegalArgumentException.class,
                () -> unset().with("MESH_SERVER", "tomcat").build());
        assertThrows(
                NumberFormatException.class,
                () -> unset().with("MESH_PORT_BASE", "eighteen").build());
    }

    @Test
    void anAdminTokenIsGeneratedOnlyWhenNoneIsGiven() {
        StackConfig given = unset().with("MESH_ADMIN_TOKEN", "secret").build();
        StackConfig first = unset().build();
        StackConfig second = unset().build();

        assertEquals("secret", given.adminToken());
        assertFalse(given.adminTokenGenerated());
        assertTrue(first.adminTokenGenerated());
        assertTrue(first.adminToken().matches("admin-[0-9a-f]{48}"), first.adminToken());
        assertNotEquals(first.adminToken(), second.adminToken());
    }

    @Test
    void theServerGetsTheMeshSettingsGivenAndNoTestFaultsUnlessAsked() {
        StackConfig plain =
                unset().with("MESH_RATE_LIMIT", "5").with("OTHER", "x").build();
        StackConfig faulty = unset().with("MESH_TEST_FAULTS", "true").build();

        assertEquals(Map.of("MESH_RATE_LIMIT", "5", "MESH_TEST_FAULTS", "false"), plain.serverEnvironment());
        assertEquals("true", faulty.serverEnvironment().get("MESH_TEST_FAULTS"));
    }

    @Test
    void aSingleInstanceIsToldTheStacksDatabaseKafkaAndToken() {
        StackConfig config = unset().with("MESH_DB_URL", "jdbc:mysql://db:3307/m1")
                .with("MESH_DB_USER", "u")
                .with("MESH_DB_PASSWORD", "p")
                .with("MESH_ADMIN_TOKEN", "t")
                .build();

        Map<String, String> env = MeshStack.serverEnvironment(config);

        assertEquals(config.database().applicationUrl(), env.get("MESH_DB_URL"));
        assertEquals("u", env.get("MESH_DB_USER"));
        assertEquals("p", env.get("MESH_DB_PASSWORD"));
        assertEquals("127.0.0.1:9092", env.get("MESH_KAFKA_BOOTSTRAP"));
        assertEquals("t", env.get("MESH_ADMIN_TOKEN"));
        assertFalse(env.containsKey("MESH_PUBLIC_URL"));
        assertFalse(env.containsKey("MESH_RATE_LIMIT_INSTANCES"));
    }

    @Test
    void clusterInstancesShareTheBalancersAddressAndHalfTheRateUnlessToldOtherwise() {
        StackConfig cluster = unset().with("MESH_TOPOLOGY", "cluster")
                .with("MESH_PORT_BASE", "18000")
                .build();
        StackConfig told = unset().with("MESH_TOPOLOGY", "cluster")
                .with("MESH_RATE_LIMIT_INSTANCES", "4")
                .build();

        Map<String, String> env = MeshStack.serverEnvironment(cluster);

        assertEquals("3", env.get("MESH_KAFKA_TOPIC_REPLICATION_FACTOR"));
        assertEquals("http://127.0.0.1:18090/mesh", env.get("MESH_PUBLIC_URL"));
        assertEquals("127.0.0.1", env.get("MESH_HTTP_TRUSTED_PROXIES"));
        assertEquals("2", env.get("MESH_RATE_LIMIT_INSTANCES"));
        assertEquals("4", MeshStack.serverEnvironment(told).get("MESH_RATE_LIMIT_INSTANCES"));
    }

    @Test
    void theDefaultHaproxyIsTheOneMeshUnpacks() {
        assertTrue(unset().build().haproxy().endsWith(Path.of("agent-mesh", "haproxy", "haproxy")));
        assertEquals(
                Path.of("/usr/sbin/haproxy"),
                unset().with("MESH_HAPROXY", "/usr/sbin/haproxy").build().haproxy());
        assertEquals(Optional.empty(), unset().build().kafkaBrokerScram());
    }
}
