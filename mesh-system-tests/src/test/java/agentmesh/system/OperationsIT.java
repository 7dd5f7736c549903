package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.stack.KafkaBroker;
import agentmesh.system.MeshClient.Agent;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** What an operator reads: /admin/stats, readiness, /metrics, /openapi. */
@ExtendWith(MeshStackExtension.class)
class OperationsIT {

    private final MeshClient mesh = MeshClient.forStack();
    private final MeshClient root =
            new MeshClient(MeshStackExtension.stack().config().baseUri().resolve("/"));
    private final MeshClient management =
            new MeshClient(MeshStackExtension.stack().server().managementUri());

    @Test
    void statsShowTheWaitingOutboxTheConsumersLagAndTasksByState() {
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        long submittedBefore =
                stats().getJsonObject("tasksByState").getJsonNumber("submitted").longValue();
        assertEquals(
                204,
                mesh.put("admin/test-faults/publish/" + bob.id(), MeshStackExtension.ADMIN_TOKEN)
                        .status());
        try {
            mesh.send(alice, MeshClient.textMessage(null, bob, null, "held back"));
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> stats().getJsonObject("outbox").getJsonNumber("oldestPendingAgeSeconds") != null);
            JsonObject held = stats();
            assertTrue(
                    held.getJsonObject("outbox")
                                    .getJsonObject("byStatus")
                                    .getJsonNumber("pending")
                                    .longValue()
                            >= 1,
                    held::toString);
            assertTrue(
                    held.getJsonObject("outbox")
                                    .getJsonNumber("oldestPendingAgeSeconds")
                                    .doubleValue()
                            > 0,
                    held::toString);
            assertEquals(
                    submittedBefore + 1,
                    held.getJsonObject("tasksByState")
                            .getJsonNumber("submitted")
                            .longValue(),
                    held::toString);
            assertEquals(
                    List.of(
                            "submitted",
                            "working",
                            "input-required",
                            "auth-required",
                            "completed",
                            "failed",
                            "canceled",
                            "rejected"),
                    List.copyOf(held.getJsonObject("tasksByState").keySet()));
        } finally {
            mesh.delete("admin/test-faults/publish/" + bob.id(), MeshStackExtension.ADMIN_TOKEN);
        }

        // Once the event is out and delivered, the group has caught up on every one of the topic's 12 partitions.
        // Reactive Messaging's connector (WildFly) commits up to the last record delivered, not past the commit
        // marker of the outbox's Kafka transaction that follows it: there a partition reads at most 1 behind.
        long markers = MeshStackExtension.onWildFly() ? 1 : 0;
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            JsonObject consumer = stats().getJsonObject("consumer");
            return consumer.getJsonObject("lagByPartition").size() == 12
                    && consumer.getJsonObject("lagByPartition").values().stream()
                            .allMatch(lag -> ((JsonNumber) lag).longValue() <= markers);
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
            // The inbox consumer's check may go down first (Reactive Messaging's on WildFly); this one must follow.
            await().atMost(Duration.ofSeconds(15))
                    .until(() -> check("mesh-kafka").getString("status").equals("DOWN"));
            assertEquals(503, readiness().status());
            JsonObject consumer = stats().getJsonObject("consumer");
            assertTrue(consumer.getString("error").startsWith("Kafka did not answer"), consumer::toString);
        } finally {
            broker.start();
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> readiness().status() == 200);
    }

    /**
     * Kafka's clients warn at every reconnect of every client while the broker is away; the mesh keeps one line per
     * kind of warning a minute, and names the outage once among the recent faults of its stats.
     */
    @Test
    void aBrokerOutageIsOneRecentFaultAndAFewLinesInTheServerLog() throws IOException {
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        KafkaBroker broker = MeshStackExtension.stack().kafka().orElseThrow();
        Path log = MeshStackExtension.stack().server().serverLog();
        long kafkaLinesBefore = kafkaLogLines(log);
        broker.stop();
        String held;
        try {
            held = mesh.send(alice, MeshClient.textMessage(null, bob, null, "during the outage"))
                    .getString("messageId");
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> stats().getJsonArray("recentFaults").stream()
                            .map(JsonObject.class::cast)
                            .anyMatch(f -> f.getString("kind").equals("broker-unavailable")));
            // Twenty seconds of outage: every client reconnects about once a second.
            await().during(Duration.ofSeconds(20))
                    .atMost(Duration.ofSeconds(30))
                    .until(() -> readiness().status() == 503);
            long kafkaLines = kafkaLogLines(log) - kafkaLinesBefore;
            assertTrue(kafkaLines <= 20, kafkaLines + " lines from Kafka's clients in the server log");
        } finally {
            broker.start();
        }
        Delivery.awaitExactly(Map.of(bob.id(), List.of(held)), Duration.ofSeconds(60));
        await().atMost(Duration.ofSeconds(30)).until(() -> readiness().status() == 200);
    }

    // Records in Payara's log format name their logger in brackets; a log rotated meanwhile counts from its start.
    private static long kafkaLogLines(Path log) throws IOException {
        try (Stream<String> lines = Files.lines(log, StandardCharsets.UTF_8)) {
            return lines.filter(line -> line.contains("[org.apache.kafka.")).count();
        }
    }

    @Test
    void readinessReportsTheInboxConsumer() {
        JsonObject consumer = check("mesh-inbox-consumer");
        assertEquals("UP", consumer.getString("status"), consumer::toString);
        if (MeshStackExtension.onWildFly()) {
            // WildFly reads the topic with its Reactive Messaging; the consumer loops stay off there.
            assertEquals(JsonValue.TRUE, consumer.getJsonObject("data").get("reactiveMessaging"), consumer::toString);
        } else {
            // Payara renders a check's data as strings; every loop of the default two runs.
            assertEquals("2", consumer.getJsonObject("data").getString("threads"), consumer::toString);
            assertEquals("2", consumer.getJsonObject("data").getString("running"), consumer::toString);
        }
    }

    /** Every counter of the contract is exported from the start, at 0 until it first counts. */
    @Test
    void everyCounterOfTheContractIsExportedBeforeItFirstCounts() {
        String metrics = MeshMetrics.scrape(MeshStackExtension.stack().server());
        for (String name : List.of(
                "agent_mesh_outbox_events",
                "agent_mesh_outbox_oldest_pending_age_seconds",
                "agent_mesh_outbox_dispatch_total",
                "agent_mesh_dedup_hit_total",
                "agent_mesh_task_timeout_total",
                "agent_mesh_rate_limited_total",
                "agent_mesh_dead_letter_total",
                "agent_mesh_inbox_delivered_total",
                "agent_mesh_consumer_rebalances_total",
                "agent_mesh_message_e2e_latency_seconds_bucket")) {
            assertTrue(MeshMetrics.exported(metrics, name), name + " missing:\n" + metrics);
        }
        // No task on this stack waits a day; only TaskIdleTimeoutIT's impatient instance fails idle tasks, and only
        // when it has run before this test. Before any idle timeout the counter is there, at 0.
        long idleTimeouts = MeshDatabase.count("SELECT COUNT(*) FROM task WHERE status_reason = 'idle-timeout'");
        double counted = MeshMetrics.sum(metrics, "agent_mesh_task_timeout_total", "");
        if (idleTimeouts == 0) {
            assertEquals(0, counted);
        } else {
            assertTrue(counted <= idleTimeouts, counted + " timeouts counted, " + idleTimeouts + " happened");
        }
    }

    @Test
    void theOpenApiDocumentIsServedFromTheFirstCall() {
        ApiResponse document = root.get("openapi", null);
        assertEquals(200, document.status(), document::toString);
        assertTrue(document.body().contains("/api/v1/messages"), document::toString);
    }

    @Test
    void theOpenApiDocumentNamesBothBearerSchemesAndTheProblemsEachOperationMayAnswer() {
        JsonObject document = root.get("openapi?format=JSON", null).json();

        assertEquals("Agent Mesh", document.getJsonObject("info").getString("title"));
        JsonObject schemes = document.getJsonObject("components").getJsonObject("securitySchemes");
        for (String scheme : List.of("agent", "admin")) {
            assertEquals("bearer", schemes.getJsonObject(scheme).getString("scheme"), schemes::toString);
        }
        JsonObject send = document.getJsonObject("paths")
                .getJsonObject("/api/v1/messages")
                .getJsonObject("post");
        assertEquals(
                "agent",
                send.getJsonArray("security")
                        .getJsonObject(0)
                        .keySet()
                        .iterator()
                        .next());
        for (String status : List.of("400", "401", "403", "409", "413", "429", "503")) {
            assertEquals(
                    "#/components/schemas/Problem",
                    send.getJsonObject("responses")
                            .getJsonObject(status)
                            .getJsonObject("content")
                            .getJsonObject("application/problem+json")
                            .getJsonObject("schema")
                            .getString("$ref"),
                    status);
        }
        JsonObject stats = document.getJsonObject("paths")
                .getJsonObject("/api/v1/admin/stats")
                .getJsonObject("get");
        assertEquals(
                "admin",
                stats.getJsonArray("security")
                        .getJsonObject(0)
                        .keySet()
                        .iterator()
                        .next());
        assertTrue(document.getJsonObject("components").getJsonObject("schemas").containsKey("Problem"));
    }

    private JsonObject stats() {
        ApiResponse stats = mesh.get("admin/stats", MeshStackExtension.ADMIN_TOKEN);
        assertEquals(200, stats.status(), stats::toString);
        return stats.json();
    }

    private JsonObject check(String name) {
        return readiness().json().getJsonArray("checks").stream()
                .map(JsonObject.class::cast)
                .filter(check -> check.getString("name").equals(name))
                .findFirst()
                .orElseThrow();
    }

    private ApiResponse readiness() {
        return management.get("health/ready", null);
    }
}
