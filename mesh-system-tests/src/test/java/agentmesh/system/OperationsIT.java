package agentmesh.system;

import agentmesh.stack.KafkaBroker;
import agentmesh.system.MeshClient.Agent;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.List;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What an operator reads: /admin/stats, readiness, /metrics, /openapi. */
@ExtendWith(MeshStackExtension.class)
class OperationsIT {

    private final MeshClient mesh = MeshClient.forStack();
    private final MeshClient root = new MeshClient(MeshStackExtension.stack().config().baseUri().resolve("/"));

    @Test
    void statsShowTheWaitingOutboxTheConsumersLagAndTasksByState() {
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        long submittedBefore = stats().getJsonObject("tasksByState").getJsonNumber("submitted").longValue();
        assertEquals(204, mesh.put("admin/test-faults/publish/" + bob.id(), MeshStackExtension.ADMIN_TOKEN).status());
        try {
            mesh.send(alice, MeshClient.textMessage(null, bob, null, "held back"));
            await().atMost(Duration.ofSeconds(20)).until(() -> stats().getJsonObject("outbox")
                    .getJsonNumber("oldestPendingAgeSeconds") != null);
            JsonObject held = stats();
            assertTrue(held.getJsonObject("outbox").getJsonObject("byStatus").getJsonNumber("pending").longValue()
                    >= 1, held::toString);
            assertTrue(held.getJsonObject("outbox").getJsonNumber("oldestPendingAgeSeconds").doubleValue() > 0,
                    held::toString);
            assertEquals(submittedBefore + 1, held.getJsonObject("tasksByState").getJsonNumber("submitted")
                    .longValue(), held::toString);
            assertEquals(List.of("submitted", "working", "input-required", "auth-required", "completed", "failed",
                    "canceled", "rejected"), List.copyOf(held.getJsonObject("tasksByState").keySet()));
        } finally {
            mesh.delete("admin/test-faults/publish/" + bob.id(), MeshStackExtension.ADMIN_TOKEN);
        }

        // Once the event is out and delivered, the group has caught up on every one of the topic's 12 partitions.
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            JsonObject consumer = stats().getJsonObject("consumer");
            return consumer.getJsonObject("lagByPartition").size() == 12
                    && consumer.getJsonNumber("totalLag").longValue() == 0;
        });
        JsonObject after = stats();
        assertEquals("mesh-inbox", after.getJsonObject("consumer").getString("group"));
        assertTrue(after.getJsonNumber("dedupHits").longValue() >= 0, after::toString);
    }

    @Test
    void statsAreForTheAdminOnly() {
        Agent agent = mesh.registerAgent("curious");
        assertEquals(401, mesh.get("admin/stats", null).status());
        ApiResponse refused = mesh.get("admin/stats", agent.token());
        assertEquals(403, refused.status(), refused::toString);
        assertTrue(refused.isProblem(), refused::toString);
    }

    @Test
    void statsSayWhenKafkaDoesNotAnswerAndReadinessIsDownUntilItIsBack() {
        KafkaBroker broker = MeshStackExtension.stack().kafka().orElseThrow();
        ApiResponse ready = readiness();
        assertEquals(200, ready.status(), ready::toString);
        assertTrue(ready.body().contains("\"mesh-kafka\""), ready::toString);
        broker.stop();
        try {
            await().atMost(Duration.ofSeconds(15)).until(() -> readiness().status() == 503);
            JsonObject down = readiness().json().getJsonArray("checks").stream().map(JsonObject.class::cast)
                    .filter(check -> check.getString("name").equals("mesh-kafka")).findFirst().orElseThrow();
            assertEquals("DOWN", down.getString("status"), down::toString);
            JsonObject consumer = stats().getJsonObject("consumer");
            assertTrue(consumer.getString("error").startsWith("Kafka did not answer"), consumer::toString);
        } finally {
            broker.start();
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> readiness().status() == 200);
    }

    @Test
    void readinessCountsTheRunningConsumerLoops() {
        JsonObject consumer = readiness().json().getJsonArray("checks").stream().map(JsonObject.class::cast)
                .filter(check -> check.getString("name").equals("mesh-inbox-consumer")).findFirst().orElseThrow();
        assertEquals("UP", consumer.getString("status"), consumer::toString);
        // Payara renders a check's data as strings.
        assertEquals("6", consumer.getJsonObject("data").getString("running"), consumer::toString);
    }

    /** Every counter of the contract is exported from the start, at 0 until it first counts. */
    @Test
    void everyCounterOfTheContractIsExportedBeforeItFirstCounts() {
        String metrics = MeshMetrics.scrape(root);
        for (String name : List.of("agent_mesh_outbox_pending_total{", "agent_mesh_outbox_dispatch_total{",
                "agent_mesh_dedup_hit_total{", "agent_mesh_task_timeout_total{", "agent_mesh_rate_limited_total{",
                "agent_mesh_dead_letter_total{", "agent_mesh_message_e2e_latency_seconds{")) {
            assertTrue(metrics.lines().anyMatch(line -> line.startsWith(name)), name + " missing:\n" + metrics);
        }
        // No task on this stack waits a day, so none has timed out: the counter is there, at 0.
        assertEquals(0, MeshMetrics.sum(metrics, "agent_mesh_task_timeout_total", ""));
    }

    @Test
    void theOpenApiDocumentIsServedFromTheFirstCall() {
        ApiResponse document = root.get("openapi", null);
        assertEquals(200, document.status(), document::toString);
        assertTrue(document.body().contains("/api/v1/messages"), document::toString);
    }

    private JsonObject stats() {
        ApiResponse stats = mesh.get("admin/stats", MeshStackExtension.ADMIN_TOKEN);
        assertEquals(200, stats.status(), stats::toString);
        return stats.json();
    }

    private ApiResponse readiness() {
        return root.get("health/ready", null);
    }
}
