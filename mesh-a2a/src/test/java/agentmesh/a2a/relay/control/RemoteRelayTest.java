package agentmesh.a2a.relay.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import agentmesh.json.MeshJson;
import agentmesh.tracing.Tracing;
import com.sun.net.httpserver.HttpServer;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What the relay sends a remote agent for the messages of its senders: which ids the remote server sees. */
class RemoteRelayTest {

    private final List<JsonObject> sent = new CopyOnWriteArrayList<>();
    private final Map<String, RemoteAgents.RemoteTask> remoteTasks = new HashMap<>();
    private final RemoteRelay relay = new RemoteRelay();
    private HttpServer remote;
    private RemoteAgents.Target target;

    @BeforeEach
    void wire() throws IOException {
        remote = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        remote.createContext("/rpc", exchange -> {
            sent.add(MeshJson.readObject(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8))
                    .getJsonObject("params")
                    .getJsonObject("message"));
            byte[] answer = "{\"jsonrpc\":\"2.0\",\"id\":\"1\",\"result\":{}}".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        remote.start();
        String base = "http://127.0.0.1:" + remote.getAddress().getPort();
        target = new RemoteAgents.Target("echo", base + "/card", base + "/rpc", "1.0", null, null, false, 0, 0, 0);
        relay.calls = new A2aCalls(
                new RemoteLimits(
                        Duration.ofSeconds(2),
                        Duration.ofSeconds(2),
                        Duration.ofSeconds(2),
                        Duration.ofSeconds(3),
                        Duration.ofSeconds(3),
                        4096,
                        4096),
                new UrlPolicy(true, true),
                new Tracing());
        relay.agents = new RemoteAgents() {
            @Override
            Optional<RemoteTask> remoteTask(String taskId) {
                return Optional.ofNullable(remoteTasks.get(taskId));
            }
        };
    }

    @AfterEach
    void stop() {
        remote.stop(0);
    }

    @Test
    void twoSendersEqualMessageAndContextIdsReachTheRemoteAsDifferentIds() {
        deliver(message("t-1", "alice", "m-1", "ctx-1"));
        deliver(message("t-2", "bob", "m-1", "ctx-1"));
        assertNotEquals(sent.get(0).getString("messageId"), sent.get(1).getString("messageId"));
        assertNotEquals(sent.get(0).getString("contextId"), sent.get(1).getString("contextId"));
        assertNotEquals("m-1", sent.get(0).getString("messageId"));
        assertNotEquals("ctx-1", sent.get(0).getString("contextId"));
    }

    @Test
    void aMessageSentAgainReachesTheRemoteUnderTheSameIdForItToDeduplicate() {
        deliver(message("t-1", "alice", "m-1", "ctx-1"));
        deliver(message("t-1", "alice", "m-1", "ctx-1"));
        assertEquals(sent.get(0).getString("messageId"), sent.get(1).getString("messageId"));
        assertEquals(sent.get(0).getString("contextId"), sent.get(1).getString("contextId"));
    }

    @Test
    void onceTheRemoteHasNamedTheTaskItsOwnTaskAndContextIdsAreUsed() {
        remoteTasks.put("t-1", new RemoteAgents.RemoteTask("rt-9", "rc-9"));
        deliver(message("t-1", "alice", "m-2", "ctx-1"));
        assertEquals("rt-9", sent.get(0).getString("taskId"));
        assertEquals("rc-9", sent.get(0).getString("contextId"));
    }

    private void deliver(JsonObject event) {
        assertInstanceOf(A2aCalls.Result.class, relay.deliver(target, event, 0));
    }

    private static JsonObject message(String taskId, String from, String messageId, String contextId) {
        return MeshJson.object()
                .add("type", "message")
                .add("taskId", taskId)
                .add("from", from)
                .add("messageId", messageId)
                .add("contextId", contextId)
                .add(
                        "parts",
                        MeshJson.array()
                                .add(MeshJson.object().add("kind", "text").add("text", "hi")))
                .build();
    }
}
