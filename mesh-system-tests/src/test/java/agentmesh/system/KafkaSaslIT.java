package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.stack.MeshServer;
import agentmesh.stack.MeshStack;
import agentmesh.stack.StackConfig;
import agentmesh.system.MeshClient.Agent;
import jakarta.json.JsonObject;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The mesh on a broker that wants SASL_PLAINTEXT with SCRAM-SHA-256, its client settings given only as
 * {@code mesh.kafka.*} (environment variables {@code MESH_KAFKA_SECURITY_PROTOCOL}, {@code …_SASL_MECHANISM},
 * {@code …_SASL_JAAS_CONFIG}). A stack of its own (database {@code mesh_sasl}, broker, Payara), started once: first
 * with a wrong password, which gets nothing through (readiness DOWN, a send waits in the outbox and is not
 * delivered, and its attempts are not used up), then an instance with the right one, which delivers what waited and
 * carries new sends. Runs in the cluster run ({@code ./mesh test cluster}, with the production topology's tests), not
 * in {@code ./mesh test}: its stack costs two minutes.
 */
@Tag("cluster") // only with -Dmesh.topology=cluster (the pom's cluster-tests profile)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class KafkaSaslIT {

    private static final String USER = "mesh";
    private static final String PASSWORD = "scram-secret-of-the-tests";

    private static MeshStack stack;
    private static MeshServer rightPassword;
    private static Agent sender;
    private static Agent recipient;
    private static String waiting;

    @BeforeAll
    static void startOnASaslBrokerWithAWrongPassword() {
        String itDatabase =
                StackConfig.fromEnvironment(Path.of("target", "stack")).dbUrl();
        StackConfig config = StackConfig.builder(Path.of("target", "sasl-stack"))
                .with(
                        "MESH_STACK_DIR",
                        Path.of("target", "sasl-stack").toAbsolutePath().toString())
                .with("MESH_TOPOLOGY", "single") // the cluster run's setting is for its shared stack
                .with("MESH_STACK_FRESH", "true")
                .with("MESH_PORT_BASE", "30000")
                .with("MESH_KAFKA_PORT", "31092")
                .with("MESH_DB_URL", itDatabase.substring(0, itDatabase.lastIndexOf('/') + 1) + "mesh_sasl")
                .with("MESH_ADMIN_TOKEN", MeshStackExtension.ADMIN_TOKEN)
                .with("MESH_KAFKA_BROKER_SCRAM", USER + ":" + PASSWORD)
                .with("MESH_KAFKA_SECURITY_PROTOCOL", "SASL_PLAINTEXT")
                .with("MESH_KAFKA_SASL_MECHANISM", "SCRAM-SHA-256")
                .with("MESH_KAFKA_SASL_JAAS_CONFIG", jaas("not-the-password"))
                .build();
        stack = new MeshStack(config).start();
    }

    @AfterAll
    static void stop() {
        if (stack != null) {
            stack.close();
        }
    }

    private static String jaas(String password) {
        return "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"" + USER + "\" password=\""
                + password + "\";";
    }

    @Test
    @Order(1)
    void aWrongPasswordGetsNothingThroughAndUsesUpNoAttempt() {
        MeshClient mesh = new MeshClient(stack.config().baseUri());
        MeshClient management = new MeshClient(stack.server().managementUri());
        await().atMost(Duration.ofSeconds(30))
                .until(() -> kafkaCheck(management).getString("status").equals("DOWN"));
        assertTrue(
                kafkaCheck(management).toString().contains("SaslAuthenticationException"),
                () -> kafkaCheck(management).toString());

        sender = mesh.registerAgent("sasl-sender");
        recipient = mesh.registerAgent("sasl-recipient");
        mesh.allow(sender, recipient);
        waiting = mesh.send(sender, MeshClient.textMessage(null, recipient, null, "waits for the right password"))
                .getString("messageId");

        await().during(Duration.ofSeconds(10))
                .atMost(Duration.ofSeconds(12))
                .until(() -> Inbox.all(mesh, recipient, 0).isEmpty());
        // The server's configuration is at fault, not the event: it waits as through an outage, no attempt counted.
        List<JsonObject> pending = mesh.get("admin/outbox?status=pending", MeshStackExtension.ADMIN_TOKEN)
                .json()
                .getJsonArray("events")
                .getValuesAs(JsonObject.class);
        assertEquals(1, pending.size(), pending::toString);
        assertEquals(0, pending.get(0).getInt("attempts"), pending::toString);
    }

    @Test
    @Order(2)
    void theRightPasswordDeliversWhatWaitedAndCarriesNewSends() {
        stack.server().close(); // the instance with the wrong password: it could only claim rows in vain
        rightPassword = stack.addServer(Map.of("MESH_KAFKA_SASL_JAAS_CONFIG", jaas(PASSWORD)));
        MeshClient mesh = new MeshClient(rightPassword.baseUri());
        MeshClient management = new MeshClient(rightPassword.managementUri());
        await().atMost(Duration.ofSeconds(60))
                .until(() -> management.get("health/ready", null).status() == 200);

        String after = mesh.send(sender, MeshClient.textMessage(null, recipient, null, "sent with the right one"))
                .getString("messageId");

        List<JsonObject> events = Inbox.awaitAtLeast(mesh, recipient, 2, Duration.ofSeconds(30));
        assertEquals(List.of(waiting, after), Inbox.messageIds(events));
    }

    private static JsonObject kafkaCheck(MeshClient management) {
        return management.get("health/ready", null).json().getJsonArray("checks").stream()
                .map(JsonObject.class::cast)
                .filter(check -> check.getString("name").equals("mesh-kafka"))
                .findFirst()
                .orElseThrow();
    }
}
