package agentmesh.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import agentmesh.client.StubMesh.Reply;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** MeshAdmin against a stand-in for the mesh: what it asks, and the records it makes of the answers. */
class MeshAdminTest {

    /** The stats document of docs/API.md. */
    private static final String STATS = """
            {"outbox": {"byStatus": {"pending": 3, "failed": 0}, "oldestPendingAgeSeconds": 0.42},
             "consumer": {"group": "mesh-inbox", "lagByPartition": {"0": 0, "1": 2}, "totalLag": 2},
             "dedupHits": 17,
             "tasksByState": {"submitted": 5, "working": 1, "completed": 9},
             "instance": {"dispatched": 1520, "delivered": 1498, "e2eLatencyP50Seconds": 0.031,
                          "e2eLatencyP99Seconds": 0.12},
             "recentFaults": [{"kind": "broker-unavailable", "detail": "Kafka is out of reach",
                               "firstAt": "2026-12-03T20:31:02Z", "lastAt": "2026-12-03T20:31:05Z", "count": 2}]}""";

    private StubMesh stub;
    private MeshAdmin admin;

    @BeforeEach
    void aStubMesh() throws IOException {
        stub = new StubMesh();
        admin = MeshAdmin.builder(stub.baseUrl(), "admin-token")
                .retries(new RetryPolicy(3, Duration.ofMillis(10), Duration.ofMillis(20)))
                .build();
    }

    @AfterEach
    void stop() {
        stub.close();
    }

    @Test
    void statsAreTypedFieldByField() {
        stub.on("admin/stats", Reply.json(200, STATS));

        MeshStats stats = admin.stats();

        assertEquals(Map.of("pending", 3L, "failed", 0L), stats.outbox().byStatus());
        assertEquals(0.42, stats.outbox().oldestPendingAgeSeconds());
        assertEquals(new MeshStats.Consumer("mesh-inbox", Map.of(0, 0L, 1, 2L), 2L, null), stats.consumer());
        assertEquals(17, stats.dedupHits());
        assertEquals(
                List.of("submitted", "working", "completed"),
                List.copyOf(stats.tasksByState().keySet()));
        assertEquals(new MeshStats.Instance(1520, 1498, 0.031, 0.12), stats.instance());
        assertEquals(
                List.of(new MeshStats.Fault(
                        "broker-unavailable",
                        "Kafka is out of reach",
                        Instant.parse("2026-12-03T20:31:02Z"),
                        Instant.parse("2026-12-03T20:31:05Z"),
                        2)),
                stats.recentFaults());
        assertEquals("Bearer admin-token", stub.requestsTo("admin/stats").get(0).header("Authorization"));
    }

    @Test
    void aConsumerThatKafkaDidNotAnswerForHasAnErrorAndNoLag() {
        stub.on(
                "admin/stats",
                Reply.json(
                        200,
                        STATS.replace(
                                        "\"lagByPartition\": {\"0\": 0, \"1\": 2}, \"totalLag\": 2",
                                        "\"error\": \"no answer in 2 s\"")
                                .replace(", \"oldestPendingAgeSeconds\": 0.42", "")));

        MeshStats stats = admin.stats();

        assertEquals(new MeshStats.Consumer("mesh-inbox", Map.of(), null, "no answer in 2 s"), stats.consumer());
        assertNull(stats.outbox().oldestPendingAgeSeconds());
    }

    @Test
    void aCardIsReplacedWithItsSkillsAndReadBackTyped() {
        stub.on("admin/agents/bob@example/card", Reply.json(200, """
                {"agentId":"bob@example","displayName":"Bob","description":"Reviews code",
                 "skills":[{"id":"review","name":"Review","description":"Reviews a PR","tags":["code"]}]}"""));
        MeshAdmin.Skill review = new MeshAdmin.Skill("review", "Review", "Reviews a PR", List.of("code"), List.of());

        MeshAdmin.AgentCard card = admin.describe("bob@example", "Reviews code", List.of(review));

        StubMesh.Request put = stub.requestsTo("admin/agents/bob@example/card").get(0);
        assertEquals("PUT", put.method());
        assertEquals(
                "{\"description\":\"Reviews code\",\"skills\":[{\"id\":\"review\",\"name\":\"Review\","
                        + "\"description\":\"Reviews a PR\",\"tags\":[\"code\"]}]}",
                put.body());
        assertEquals(new MeshAdmin.AgentCard("bob@example", "Bob", "Reviews code", List.of(review)), card);
    }

    @Test
    void aRemoteAgentIsAttachedWithoutATokenWhenItNeedsNone() {
        stub.on("admin/agents/echo/remote", Reply.json(200, """
                {"agentId":"echo","cardUrl":"https://a.example/.well-known/agent-card.json",
                 "endpoint":"https://a.example/rpc","protocolVersion":"1.0","name":"Echo","relayedCursor":0,
                 "attempts":0}"""));

        MeshAdmin.RemoteAgent remote =
                admin.attachRemote("echo", URI.create("https://a.example/.well-known/agent-card.json"), null);

        assertEquals(
                "{\"cardUrl\":\"https://a.example/.well-known/agent-card.json\"}",
                stub.requestsTo("admin/agents/echo/remote").get(0).body());
        assertEquals("https://a.example/rpc", remote.endpoint());
        assertNull(remote.lastError());
    }

    @Test
    void everyKindOfReplayAnswersItsOutcome() {
        stub.on("admin/dead-letters/4/replay", Reply.json(202, "{\"id\":4,\"outcome\":\"delivered\"}"))
                .on(
                        "admin/agents/echo/remote/dead-letters/5/replay",
                        Reply.json(202, "{\"id\":5,\"outcome\":\"unreachable: connect timed out\"}"))
                .on(
                        "admin/agents/echo/push/dead-letters/6/replay",
                        Reply.json(202, "{\"id\":6,\"outcome\":\"refused: 500\"}"));

        assertEquals(new MeshAdmin.Replay(4, "delivered"), admin.replayDeadLetter(4));
        assertEquals(
                new MeshAdmin.Replay(5, "unreachable: connect timed out"), admin.replayRemoteDeadLetter("echo", 5));
        assertEquals(new MeshAdmin.Replay(6, "refused: 500"), admin.replayPushDeadLetter("echo", 6));
    }

    @Test
    void everyDeadLetterStoreIsReadInPagesAfterACursorAndCounted() {
        stub.on("admin/outbox/dead-letters", Reply.json(200, """
                        {"deadLetters":[{"id":7,"key":"bob","type":"message","status":"failed","attempts":10,
                                         "createdAt":"2026-12-03T20:31:02Z"}],"nextCursor":7}"""))
                .on("admin/outbox/dead-letters/count", Reply.json(200, "{\"count\":3}"))
                .on("admin/dead-letters/count", Reply.json(200, "{\"count\":0}"))
                .on("admin/agents/echo/push/dead-letters", Reply.json(200, "{\"deadLetters\":[]}"));

        Pages.DeadLetterPage<MeshAdmin.OutboxEvent> page =
                admin.outboxDeadLetterStore().page(4L, 1);

        assertEquals(
                List.of(7L),
                page.deadLetters().stream().map(MeshAdmin.OutboxEvent::id).toList());
        assertEquals(7L, page.nextCursor());
        assertEquals(
                "cursor=4&limit=1",
                stub.requestsTo("admin/outbox/dead-letters").get(0).query());
        assertEquals(3, admin.outboxDeadLetterStore().count());
        assertEquals(0, admin.consumerDeadLetterStore("replayed").count());
        assertEquals(
                "status=replayed",
                stub.requestsTo("admin/dead-letters/count").get(0).query());
        assertNull(admin.pushDeadLetterStore("echo").page(null, 100).nextCursor());
        assertEquals(
                "limit=100",
                stub.requestsTo("admin/agents/echo/push/dead-letters").get(0).query());
    }

    @Test
    void anOutboxEventIsReplayedAsEveryDeadLetterIs() {
        stub.on("admin/outbox/dead-letters/7/replay", Reply.json(202, "{\"id\":7,\"outcome\":\"requeued\"}"));

        assertEquals(
                new MeshAdmin.Replay(7, "requeued"),
                admin.outboxDeadLetterStore().replay(7));
    }

    @Test
    void theIdleScanSaysHowManyTasksItFailed() {
        stub.on("admin/tasks/idle-scan", Reply.json(200, "{\"failed\":3}"));

        assertEquals(3, admin.scanIdleTasks());
        assertEquals("POST", stub.requestsTo("admin/tasks/idle-scan").get(0).method());
    }

    @Test
    void theBuildersRetryPolicyIsTheOneUsed() {
        stub.on(
                "admin/tasks/idle-scan",
                Reply.problem(503, "{\"title\":\"Over capacity\",\"status\":503}", Map.of("Retry-After", "0")));

        assertThrows(MeshProblemException.Overloaded.class, admin::scanIdleTasks);
        assertEquals(3, stub.requestsTo("admin/tasks/idle-scan").size());
    }
}
