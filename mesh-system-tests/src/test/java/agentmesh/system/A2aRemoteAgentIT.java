package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.client.InboxEvent;
import agentmesh.client.MeshAgent;
import agentmesh.client.Message;
import agentmesh.client.Part;
import agentmesh.client.TaskState;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.IOException;
import java.io.StringReader;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An A2A agent that knows nothing of the mesh (built with the A2A JavaScript SDK's server, unmodified;
 * {@code src/test/node/a2a-remote-agent.mjs}) as a mesh member: an admin registers it by its card URL and the bearer
 * token it wants; a mesh agent sends it 30 messages through the mesh API while it is killed (SIGKILL) and started
 * again; it handles every message once, in order, and every answer reaches the sender once. A task it keeps working
 * on after answering is followed to its end. A message it refuses is parked after its attempts, the ones behind it
 * move on, and an admin can replay it. Two senders' messages with the same id are two messages to it; what the agent
 * had received before it was attached is not sent to it. Chunks it appends to an artifact the mesh stored already are
 * appended to it, as far as an artifact's bounds allow.
 */
@ExtendWith(MeshStackExtension.class)
class A2aRemoteAgentIT {

    private static final String SECRET = "remote-server-secret-4711";

    private final URI base = MeshStackExtension.stack().config().baseUri();
    private final MeshClient mesh = MeshClient.forStack();
    private final Path log = Path.of("target", "a2a-remote-agent-" + System.nanoTime() + ".jsonl");
    private final Path calls = Path.of("target", "a2a-remote-agent-calls-" + System.nanoTime() + ".jsonl");
    private final int port = freePort();
    private Process remote;

    private MeshClient.Agent attachedAgent;

    // Detached too: an attached agent whose server is gone would be swept for the tests after this one.
    @AfterEach
    void stopRemote() {
        if (attachedAgent != null) {
            mesh.delete("admin/agents/" + attachedAgent.id() + "/remote", MeshStackExtension.ADMIN_TOKEN);
        }
        if (remote != null) {
            remote.destroyForcibly();
        }
    }

    @Test
    void aRemoteA2aAgentGetsEveryMessageOnceAndInOrderAcrossItsRestarts() throws Exception {
        Attached pair = aliceAndAnAttachedEcho();
        MeshClient.Agent alice = pair.alice();
        MeshClient.Agent echo = pair.echo();
        ApiResponse attached = pair.attachment();
        assertEquals("http://127.0.0.1:" + port + "/rpc", attached.json().getString("endpoint"));
        assertEquals("1.0", attached.json().getString("protocolVersion"));
        assertFalse(attached.body().contains(SECRET), "the secret is never returned");

        MeshAgent aliceAgent =
                MeshAgent.builder(base, alice.id(), alice.token()).build();
        List<String> sent = IntStream.range(0, 30).mapToObj(i -> "message " + i).toList();
        for (String text : sent) {
            aliceAgent.send(Message.newTask(echo.id(), Part.text(text)));
        }
        await().atMost(Duration.ofSeconds(60)).until(() -> handled().size() >= 5);
        remote.destroyForcibly().waitFor();
        await().atMost(Duration.ofSeconds(30))
                .until(() -> mesh.get("admin/agents/" + echo.id() + "/remote", MeshStackExtension.ADMIN_TOKEN)
                                .json()
                                .getInt("attempts")
                        > 0);
        remote = startRemote();

        await().atMost(Duration.ofSeconds(120)).until(() -> handled().size() >= sent.size());
        assertEquals(
                sent,
                handled().stream().map(line -> line.getString("text")).toList(),
                "each message handled once, in the order sent");
        await().atMost(Duration.ofSeconds(60)).until(() -> answers(aliceAgent).size() >= sent.size());
        assertEquals(
                sent.stream().map(text -> "echo: " + text).toList(), answers(aliceAgent), "each answer once, in order");
        await().atMost(Duration.ofSeconds(30))
                .until(() -> aliceAgent.inbox(0L, 200, Duration.ZERO).events().stream()
                                .filter(event -> event instanceof InboxEvent.StatusEvent status
                                        && status.status().state() == TaskState.COMPLETED)
                                .count()
                        == sent.size());
        assertFalse(mesh.get("admin/agents/" + echo.id() + "/remote", MeshStackExtension.ADMIN_TOKEN)
                .body()
                .contains(SECRET));

        // a task that runs on after the answer (working) is followed by SubscribeToTask until it ends
        String slowTask = aliceAgent
                .send(Message.newTask(echo.id(), Part.text("slow work")))
                .taskId();
        await().atMost(Duration.ofSeconds(30)).until(() -> answers(aliceAgent).contains("done: slow work"));
        await().atMost(Duration.ofSeconds(30))
                .until(() -> aliceAgent.task(slowTask).status().state() == TaskState.COMPLETED);

        // a message the remote agent refuses is parked; the next one goes on; a replay is refused again
        aliceAgent.send(Message.newTask(echo.id(), Part.text("a poison pill")));
        aliceAgent.send(Message.newTask(echo.id(), Part.text("after the pill")));
        await().atMost(Duration.ofSeconds(60))
                .until(() -> handled().stream()
                        .anyMatch(line -> line.getString("text").equals("after the pill")));
        JsonObject deadLetter = mesh.get(
                        "admin/agents/" + echo.id() + "/remote/dead-letters", MeshStackExtension.ADMIN_TOKEN)
                .json()
                .getJsonArray("deadLetters")
                .getJsonObject(0);
        assertTrue(deadLetter.getString("error").contains("poison"), deadLetter.toString());
        ApiResponse replay = mesh.post(
                "admin/agents/" + echo.id() + "/remote/dead-letters/" + deadLetter.getJsonNumber("id") + "/replay",
                MeshStackExtension.ADMIN_TOKEN,
                "");
        assertEquals(202, replay.status(), replay.body());
        assertTrue(replay.json().getString("outcome").startsWith("refused"), replay.body());
        assertTrue(handled().stream().noneMatch(line -> line.getString("text").contains("poison")));

        assertEquals(
                204,
                mesh.delete("admin/agents/" + echo.id() + "/remote", MeshStackExtension.ADMIN_TOKEN)
                        .status());
        assertEquals(
                404,
                mesh.get("admin/agents/" + echo.id() + "/remote", MeshStackExtension.ADMIN_TOKEN)
                        .status());
    }

    /**
     * A message sent in a trace goes to the remote server in it (docs/TRACING.md): the relay's SendMessage is a CLIENT
     * span, child of the event's delivery, and the server gets that span's context in the {@code traceparent} header
     * and in the message's {@code metadata}, where the mesh's own A2A server looks for it.
     */
    @Test
    void aMessageSentInATraceReachesTheRemoteServerInThatTrace() throws Exception {
        Attached pair = aliceAndAnAttachedEcho();
        String traceId = HexFormat.of().formatHex(randomBytes(16));
        String traceparent = "00-" + traceId + "-" + HexFormat.of().formatHex(randomBytes(8)) + "-01";
        ApiResponse sent = mesh.post(
                "messages",
                pair.alice().token(),
                MeshClient.textMessage(null, pair.echo(), null, "traced"),
                Map.of("traceparent", traceparent));
        assertEquals(201, sent.status(), sent::toString);

        await().atMost(Duration.ofSeconds(60)).until(() -> !tracedCalls().isEmpty());
        JsonObject call = tracedCalls().get(0);
        assertEquals("SendMessage", call.getString("method"), call::toString);
        String received = call.getString("traceparent");
        assertEquals(traceId, received.substring(3, 35), call::toString);
        assertEquals(received, call.getString("metadata"), "the message's metadata carries the same context");

        OtlpReceiver otlp = MeshStackExtension.otlp();
        await().atMost(Duration.ofSeconds(20))
                .until(() -> otlp.trace(traceId).stream()
                        .anyMatch(span -> span.name().equals("SendMessage")));
        List<OtlpReceiver.ReceivedSpan> trace = otlp.trace(traceId);
        OtlpReceiver.ReceivedSpan client = trace.stream()
                .filter(span -> span.name().equals("SendMessage"))
                .findFirst()
                .orElseThrow();
        assertEquals("SPAN_KIND_CLIENT", client.kind(), client::toString);
        assertEquals(received.substring(36, 52), client.spanId(), "the server gets the call's span as its parent");
        assertEquals("POST", client.attribute("http.request.method"));
        assertEquals("200", client.attribute("http.response.status_code"));
        assertEquals("SendMessage", client.attribute("rpc.method"));
        assertEquals("http://127.0.0.1:" + port + "/rpc", client.attribute("url.full"));
        assertFalse(client.attributes().toString().contains(SECRET), "no token in the span");
        assertTrue(
                trace.stream()
                        .anyMatch(span -> span.spanId().equals(client.parentSpanId())
                                && span.name().startsWith("process ")),
                "the call is a child of the event's delivery: " + trace);

        MeshAgent alice =
                MeshAgent.builder(base, pair.alice().id(), pair.alice().token()).build();
        await().atMost(Duration.ofSeconds(30))
                .until(() -> Inbox.messages(alice).stream()
                        .anyMatch(message -> message.parts().get(0).text().equals("echo: traced")));
        InboxEvent.MessageEvent answer = Inbox.messages(alice).stream()
                .filter(message -> message.parts().get(0).text().equals("echo: traced"))
                .findFirst()
                .orElseThrow();
        assertEquals(
                traceId,
                answer.trace().traceparent().substring(3, 35),
                "the remote agent's answer continues the trace: " + answer);
    }

    @Test
    void twoSendersMessagesWithEqualIdsAreTwoMessagesAtTheRemoteAgent() throws Exception {
        remote = startRemote();
        MeshClient.Agent alice = mesh.registerAgent("alice-remote");
        MeshClient.Agent bob = mesh.registerAgent("bob-remote");
        MeshClient.Agent echo = mesh.registerAgent("echo-remote");
        mesh.allow(alice, echo);
        mesh.allow(bob, echo);
        // Before the attachment: for the mesh agent, not for a remote server that did not exist then.
        String before = mesh.send(alice, MeshClient.textMessage("before", echo, null, "before the attachment"))
                .getString("messageId");
        Inbox.awaitMessage(MeshAgent.builder(base, echo.id(), echo.token()).build(), before);
        attach(echo);

        // The remote agent handles a message id once: with one namespace for all senders, bob's would be alice's.
        mesh.send(alice, MeshClient.textMessage("same-id-1", echo, null, "from alice"));
        mesh.send(bob, MeshClient.textMessage("same-id-1", echo, null, "from bob"));
        await().atMost(Duration.ofSeconds(60)).until(() -> handled().size() >= 2);
        assertEquals(
                List.of("from alice", "from bob"),
                handled().stream().map(line -> line.getString("text")).sorted().toList(),
                "only what came after the attachment, once each");
        MeshAgent aliceAgent =
                MeshAgent.builder(base, alice.id(), alice.token()).build();
        MeshAgent bobAgent = MeshAgent.builder(base, bob.id(), bob.token()).build();
        await().atMost(Duration.ofSeconds(30))
                .until(() ->
                        !answers(aliceAgent).isEmpty() && !answers(bobAgent).isEmpty());
        assertEquals(List.of("echo: from alice"), answers(aliceAgent));
        assertEquals(List.of("echo: from bob"), answers(bobAgent));
    }

    @Test
    void chunksAppendedAfterTheArtifactWasStoredAreAppendedToItWithinItsBoundsAndReadersSeeThem() throws Exception {
        Attached pair = aliceAndAnAttachedEcho();
        MeshClient.Agent alice = pair.alice();
        MeshClient.Agent echo = pair.echo();

        String taskId = mesh.send(alice, MeshClient.textMessage(null, echo, null, "chunks please"))
                .getString("taskId");

        // The artifact came with the task; "world" by the stream after it was stored; 63 parts more were past it.
        await().atMost(Duration.ofSeconds(60))
                .until(() -> "completed"
                        .equals(mesh.get("tasks/" + taskId, alice.token())
                                .json()
                                .getJsonObject("status")
                                .getString("state")));
        JsonObject task = mesh.get("tasks/" + taskId, alice.token()).json();
        assertEquals(1, task.getJsonArray("artifacts").size(), task.toString());
        JsonObject report = task.getJsonArray("artifacts").getJsonObject(0);
        assertEquals("report", report.getString("artifactId"));
        assertEquals(List.of("Hello, ", "world"), texts(report.getJsonArray("parts")));
        assertFalse(task.containsKey("artifactsEndCursor"), "the stream's cursor is not answered");
        JsonObject page =
                mesh.get("tasks/" + taskId + "/artifacts", alice.token()).json();
        assertEquals(
                List.of("Hello, ", "world"),
                texts(page.getJsonArray("artifacts").getJsonObject(0).getJsonArray("parts")));
        assertEquals(Set.of("artifacts"), page.keySet(), "no next cursor after the last page");

        List<JsonObject> told = mesh
                .get("inbox?after=0&limit=100", alice.token())
                .json()
                .getJsonArray("events")
                .getValuesAs(JsonObject.class)
                .stream()
                .filter(event -> event.getString("type").equals("artifact"))
                .toList();
        assertEquals(
                List.of(false, true),
                told.stream().map(event -> event.getBoolean("append")).toList());
        assertEquals(
                List.of("world"), texts(told.get(1).getJsonObject("artifact").getJsonArray("parts")));

        JsonObject a2aTask = mesh.post(
                        "/mesh/a2a/" + echo.id(),
                        alice.token(),
                        "{\"jsonrpc\":\"2.0\",\"id\":1," + "\"method\":\"GetTask\",\"params\":{\"id\":\"" + taskId
                                + "\"}}",
                        Map.of("A2A-Version", "1.0"))
                .json()
                .getJsonObject("result");
        JsonArray a2aParts = a2aTask.getJsonArray("artifacts").getJsonObject(0).getJsonArray("parts");
        assertEquals(
                List.of("Hello, ", "world"),
                a2aParts.getValuesAs(JsonObject.class).stream()
                        .map(part -> part.getString("text"))
                        .toList());
    }

    private static List<String> texts(JsonArray parts) {
        return parts.getValuesAs(JsonObject.class).stream()
                .map(part -> part.getString("text"))
                .toList();
    }

    private record Attached(MeshClient.Agent alice, MeshClient.Agent echo, ApiResponse attachment) {}

    /** The remote server started; alice and echo registered, allowed to talk; echo attached to the server. */
    private Attached aliceAndAnAttachedEcho() throws IOException {
        remote = startRemote();
        MeshClient.Agent alice = mesh.registerAgent("alice-remote");
        MeshClient.Agent echo = mesh.registerAgent("echo-remote");
        mesh.allow(alice, echo);
        return new Attached(alice, echo, attach(echo));
    }

    /** Makes the agent the mesh's face of the remote server, which asks for the bearer token SECRET. */
    private ApiResponse attach(MeshClient.Agent agent) {
        ApiResponse attached = mesh.put(
                "admin/agents/" + agent.id() + "/remote",
                MeshStackExtension.ADMIN_TOKEN,
                "{\"cardUrl\":\"http://127.0.0.1:" + port + "/.well-known/agent-card.json\",\"bearerToken\":\"" + SECRET
                        + "\"}");
        assertEquals(200, attached.status(), attached.body());
        attachedAgent = agent;
        return attached;
    }

    private Process startRemote() throws IOException {
        ProcessBuilder builder = new ProcessBuilder("node", "a2a-remote-agent.mjs")
                .directory(Path.of("src", "test", "node").toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        builder.environment().put("PORT", Integer.toString(port));
        builder.environment().put("TOKEN", SECRET);
        builder.environment().put("LOG", log.toAbsolutePath().toString());
        builder.environment().put("CALLS", calls.toAbsolutePath().toString());
        Process process = builder.start();
        String ready = new java.io.BufferedReader(new java.io.InputStreamReader(process.getInputStream())).readLine();
        assertEquals("ready", ready, "the remote agent started");
        return process;
    }

    // The remote server's calls that came with a trace context.
    private List<JsonObject> tracedCalls() throws IOException {
        if (!Files.exists(calls)) {
            return List.of();
        }
        return Files.readAllLines(calls).stream()
                .filter(line -> !line.isBlank())
                .map(line -> Json.createReader(new StringReader(line)).readObject())
                .filter(line -> line.get("traceparent") instanceof JsonString)
                .toList();
    }

    private static byte[] randomBytes(int count) {
        byte[] bytes = new byte[count];
        new SecureRandom().nextBytes(bytes);
        return bytes;
    }

    private List<JsonObject> handled() throws IOException {
        if (!Files.exists(log)) {
            return List.of();
        }
        return Files.readAllLines(log).stream()
                .filter(line -> !line.isBlank())
                .map(line -> Json.createReader(new StringReader(line)).readObject())
                .toList();
    }

    private static List<String> answers(MeshAgent agent) {
        return Inbox.messages(agent).stream()
                .map(message -> message.parts().get(0).text())
                .toList();
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
