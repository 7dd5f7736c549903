package agentmesh.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.client.StubMesh.Reply;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class MeshAgentTest {

    private static final String RECEIPT = """
            {"messageId":"%s","taskId":"t-1","contextId":"c-1","seq":1,"createdAt":"2026-12-03T10:00:00Z"}""";
    private static final String OVERLOADED = """
            {"type":"https://agent-mesh.dev/problems/overloaded","title":"Over capacity","status":503}""";

    private StubMesh stub;
    private MeshAgent alice;

    @BeforeEach
    void aStubMesh() throws IOException {
        stub = new StubMesh();
        alice = MeshAgent.builder(stub.baseUrl(), "alice@example", "alice-token")
                .retries(new RetryPolicy(4, Duration.ofMillis(10), Duration.ofMillis(50)))
                .build();
    }

    @AfterEach
    void stop() {
        stub.close();
    }

    @Test
    void aSendWithoutAnIdGetsOneAndEveryRetryCarriesIt() {
        stub.on(
                "messages",
                Reply.problem(503, OVERLOADED, Map.of("Retry-After", "1")),
                Reply.html(404, "<html>Not Found</html>"),
                Reply.json(201, RECEIPT.formatted("m-alice@example-1-abcdefgh")));
        long start = System.nanoTime();

        SendReceipt receipt = alice.send(Message.newTask("bob@example", Part.text("hello")));

        List<StubMesh.Request> attempts = stub.requestsTo("messages");
        assertEquals(3, attempts.size(), "a 503 and a server's own error page are both retried");
        String id = Wire.parse(attempts.get(0).body()).getString("messageId");
        assertTrue(id.matches("m-alice@example-\\d+-[a-z0-9]{8}"), id);
        attempts.forEach(attempt -> assertEquals(id, Wire.parse(attempt.body()).getString("messageId")));
        assertTrue(Duration.ofNanos(System.nanoTime() - start).toMillis() >= 1000, "Retry-After: 1 was honoured");
        assertEquals("Bearer alice-token", attempts.get(0).header("Authorization"));
        assertEquals("t-1", receipt.taskId());
        assertEquals(Instant.parse("2026-12-03T10:00:00Z"), receipt.createdAt());
        assertEquals(false, receipt.repeated());
    }

    @Test
    void aTasksMessagesTellTheTraceTheyWereSentIn() {
        stub.on("tasks/t-1", Reply.json(200, """
                {"taskId":"t-1","contextId":"c-1","requester":"alice@example","assignee":"bob@example",
                 "status":{"state":"working","timestamp":"2026-12-03T10:00:01Z"},
                 "history":[
                  {"messageId":"m-1","seq":1,"from":"alice@example","to":"bob@example","role":"user",
                   "parts":[{"kind":"text","text":"hi"}],"createdAt":"2026-12-03T10:00:00Z"},
                  {"messageId":"m-2","seq":2,"from":"bob@example","to":"alice@example","role":"agent",
                   "parts":[{"kind":"text","text":"hello"}],"createdAt":"2026-12-03T10:00:01Z",
                   "traceparent":"00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01","tracestate":"mesh=1"}],
                 "artifacts":[],"createdAt":"2026-12-03T10:00:00Z","updatedAt":"2026-12-03T10:00:01Z"}"""));

        List<TaskMessage> history = alice.task("t-1", 2).history();

        assertEquals(null, history.get(0).trace());
        assertEquals(
                new TraceContext("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", "mesh=1"),
                history.get(1).trace());
    }

    @Test
    void theOriginalAnswerToARepeatedSendIsMarkedRepeated() {
        stub.on("messages", Reply.json(200, RECEIPT.formatted("m-1")));

        assertTrue(alice.send(Message.newTask("bob@example", Part.text("again")).withMessageId("m-1"))
                .repeated());
    }

    @Test
    void aConflictIsThrownTypedAndNotRetried() {
        stub.on("messages", Reply.problem(409, """
                {"type":"https://agent-mesh.dev/problems/message-id-conflict","title":"Message id reused",
                 "status":409,"detail":"m-1 was sent with other content"}""", Map.of()));

        var conflict = assertThrows(
                MeshProblemException.Conflict.class,
                () -> alice.send(
                        Message.newTask("bob@example", Part.text("other")).withMessageId("m-1")));

        assertEquals(1, stub.requestsTo("messages").size());
        assertEquals("https://agent-mesh.dev/problems/message-id-conflict", conflict.type());
        assertEquals("m-1 was sent with other content", conflict.detail());
    }

    @Test
    void fieldErrorsOfABadRequestAreKept() {
        stub.on("messages", Reply.problem(400, """
                {"type":"about:blank","title":"Invalid request","status":400,
                 "errors":[{"field":"to","message":"must be an agent id"}]}""", Map.of()));

        var invalid = assertThrows(
                MeshProblemException.InvalidRequest.class, () -> alice.send(Message.newTask("?", Part.text("x"))));

        assertEquals(List.of(new MeshProblemException.FieldError("to", "must be an agent id")), invalid.errors());
    }

    @Test
    void overloadThatOutlastsTheRetriesIsThrownWithItsRetryAfter() {
        stub.on("messages", Reply.problem(503, OVERLOADED, Map.of("Retry-After", "0")));

        var overloaded = assertThrows(
                MeshProblemException.Overloaded.class,
                () -> alice.send(Message.newTask("bob@example", Part.text("x"))));

        assertEquals(4, stub.requestsTo("messages").size());
        assertEquals(Duration.ZERO, overloaded.retryAfter().orElseThrow());
    }

    @Test
    void aStatusChangeRefusedAsIllegalIsNotRetried() {
        stub.on("tasks/t-1/status", Reply.problem(409, """
                {"type":"about:blank","title":"Illegal transition","status":409}""", Map.of()));

        assertThrows(MeshProblemException.Conflict.class, () -> alice.changeStatus("t-1", TaskState.COMPLETED, "done"));
        JsonObject sent = Wire.parse(stub.requestsTo("tasks/t-1/status").get(0).body());
        assertEquals("completed", sent.getString("state"));
        assertEquals("done", sent.getString("reason"));
    }

    @Test
    void inboxEventsAreReadAsTheirKinds() {
        stub.on("inbox", Reply.json(200, """
                {"events":[
                  {"cursor":1,"type":"message","eventId":"ev-1","taskId":"t-1","contextId":"c-1","from":"bob@example",
                   "to":"alice@example","createdAt":"2026-12-03T10:00:00Z","deliveredAt":"2026-12-03T10:00:01Z",
                   "messageId":"m-1","seq":1,"role":"user","parts":[{"kind":"text","text":"hi"}]},
                  {"cursor":2,"type":"task-status","taskId":"t-1","from":"bob@example",
                   "createdAt":"2026-12-03T10:00:02Z","status":{"state":"working","timestamp":"2026-12-03T10:00:02Z"}},
                  {"cursor":3,"type":"artifact","taskId":"t-1","from":"bob@example","createdAt":"2026-12-03T10:00:03Z",
                   "artifact":{"artifactId":"a-1","name":"patch","parts":[{"kind":"data","data":{"lines":3}}]}}],
                 "nextCursor":3}"""));

        Pages.InboxPage page = alice.inbox(0L, 10, Duration.ofSeconds(1));

        assertEquals(3, page.nextCursor());
        var message =
                assertInstanceOf(InboxEvent.MessageEvent.class, page.events().get(0));
        assertEquals("hi", message.parts().get(0).text());
        assertEquals("bob@example", message.from());
        var status =
                assertInstanceOf(InboxEvent.StatusEvent.class, page.events().get(1));
        assertEquals(TaskState.WORKING, status.status().state());
        var artifact =
                assertInstanceOf(InboxEvent.ArtifactEvent.class, page.events().get(2));
        assertEquals(3, artifact.artifact().parts().get(0).data().asJsonObject().getInt("lines"));
        assertEquals("/mesh/api/v1/inbox", stub.requests.get(0).path());
    }
}
