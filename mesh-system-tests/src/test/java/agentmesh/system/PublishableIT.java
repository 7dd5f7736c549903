package agentmesh.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.stack.MeshServer;
import agentmesh.system.MeshClient.Agent;
import jakarta.json.Json;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What the mesh accepts it can publish: a message at the request cap is delivered and does not hold back the next
 * one; an event over the broker's limit is refused at send time (413) and stores nothing; the topic is the mesh's,
 * and a topic short of what the server is configured for makes that server unready, with the reason.
 */
@ExtendWith(MeshStackExtension.class)
class PublishableIT {

    private static final int REQUEST_CAP = 1024 * 1024;

    @Test
    void aMessageAtTheRequestCapIsDeliveredAndTheNextOneAfterIt() {
        MeshClient mesh = MeshClient.forStack();
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        String envelope = MeshClient.textMessage("m-big", bob, null, "");
        String big = MeshClient.textMessage("m-big", bob, null, "b".repeat(REQUEST_CAP - 256 - envelope.length()));
        assertTrue(big.getBytes(StandardCharsets.UTF_8).length > REQUEST_CAP - 300);

        String taskId = mesh.send(alice, big).getString("taskId");
        mesh.send(alice, MeshClient.textMessage("m-tiny", bob, taskId, "tiny"));

        assertEquals(
                List.of("m-big", "m-tiny"), Inbox.messageIds(Inbox.awaitAtLeast(mesh, bob, 2, Duration.ofSeconds(30))));
    }

    @Test
    void theTopicIsCreatedByTheMeshWithItsSettingsBeforeAnyConsumerSubscribes() throws Exception {
        try (Admin admin = Admin.create(Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                MeshStackExtension.stack().config().effectiveKafkaBootstrap()))) {
            int partitions = admin.describeTopics(List.of(TopicReader.TOPIC))
                    .allTopicNames()
                    .get(10, TimeUnit.SECONDS)
                    .get(TopicReader.TOPIC)
                    .partitions()
                    .size();
            Config settings = admin.describeConfigs(
                            List.of(new ConfigResource(ConfigResource.Type.TOPIC, TopicReader.TOPIC)))
                    .all()
                    .get(10, TimeUnit.SECONDS)
                    .values()
                    .iterator()
                    .next();

            assertEquals(12, partitions, "mesh.kafka.topic.partitions, not the broker's default of 1");
            assertTrue(
                    Integer.parseInt(settings.get("max.message.bytes").value()) > 2 * 1024 * 1024,
                    "mesh.kafka.max-message-bytes, not the broker's default of 1 MB: "
                            + settings.get("max.message.bytes").value());
        }
    }

    @Test
    void aServerWithASmallerLimitAndMorePartitionsRefusesLargeEventsAndSaysItIsNotReady() throws Exception {
        MeshClient first = MeshClient.forStack();
        Agent alice = first.registerAgent("alice");
        Agent bob = first.registerAgent("bob");
        first.allow(alice, bob);
        String taskId = first.send(alice, MeshClient.textMessage(null, bob, null, "hello"))
                .getString("taskId");
        assertEquals(
                200,
                first.post("tasks/" + taskId + "/status", bob.token(), "{\"state\":\"working\"}")
                        .status());

        try (MeshServer second = MeshStackExtension.stack()
                .addServer(Map.of("MESH_KAFKA_MAX_MESSAGE_BYTES", "65536", "MESH_KAFKA_TOPIC_PARTITIONS", "24"))) {
            MeshClient mesh = new MeshClient(second.baseUri());
            Map<String, Long> before = MeshDatabase.rowCounts();
            String text = "x".repeat(70_000);

            ApiResponse message = mesh.post("messages", alice.token(), MeshClient.textMessage(null, bob, taskId, text));
            ApiResponse artifact = mesh.post(
                    "tasks/" + taskId + "/artifacts",
                    bob.token(),
                    Json.createObjectBuilder()
                            .add("name", "report")
                            .add(
                                    "parts",
                                    Json.createArrayBuilder()
                                            .add(Json.createObjectBuilder()
                                                    .add("kind", "text")
                                                    .add("text", text)))
                            .build()
                            .toString());

            for (ApiResponse refused : List.of(message, artifact)) {
                assertEquals(413, refused.status(), refused.toString());
                assertTrue(
                        refused.isProblem()
                                && refused.json().getString("detail").contains("65536"),
                        refused.toString());
            }
            assertEquals(before, MeshDatabase.rowCounts(), "a refused write leaves no row");
            assertEquals(
                    201,
                    mesh.post("messages", alice.token(), MeshClient.textMessage(null, bob, taskId, "small"))
                            .status());

            HttpResponse<String> ready = readiness(second);
            assertEquals(503, ready.statusCode(), ready.body());
            assertTrue(ready.body().contains("12 partitions, fewer than the 24 configured"), ready.body());
            assertEquals(200, readiness(MeshStackExtension.stack().server()).statusCode());
        }
    }

    private static HttpResponse<String> readiness(MeshServer server) throws Exception {
        URI ready = server.managementUri().resolve("health/ready");
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(ready)
                                .timeout(Duration.ofSeconds(10))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
    }
}
