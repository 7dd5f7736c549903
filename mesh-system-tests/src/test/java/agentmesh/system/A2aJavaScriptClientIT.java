package agentmesh.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.client.InboxEvent;
import agentmesh.client.MeshAdmin;
import agentmesh.client.MeshAgent;
import agentmesh.client.Message;
import agentmesh.client.Part;
import agentmesh.client.TaskState;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.io.Writer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The mesh's A2A facade driven by the A2A JavaScript SDK's client ({@code @a2a-js/sdk} from npm, unmodified, A2A
 * 1.0; {@code src/test/node/a2a-client.mjs}), over JSON-RPC and over HTTP+JSON. The SDK client is a mesh agent
 * (alice) talking to another (bob) at bob's A2A address; bob answers through the plain mesh API, played here. One
 * conversation: a blocking send that returns the completed task, GetTask, a streamed send (task, message, artifact,
 * final status, end), a stream dropped and resubscribed (what bob said meanwhile comes with the task, the rest
 * follows), an idempotent resend (one message delivered), ListTasks, and TaskNotFound.
 */
@ExtendWith(MeshStackExtension.class)
class A2aJavaScriptClientIT {

    private final URI base = MeshStackExtension.stack().config().baseUri();
    private final MeshAdmin admin =
            MeshAdmin.builder(base, MeshStackExtension.ADMIN_TOKEN).build();

    @Test
    void theSdkClientConverseOverJsonRpc() throws Exception {
        conversation("JSONRPC");
    }

    @Test
    void theSdkClientConverseOverHttpJson() throws Exception {
        conversation("HTTP+JSON");
    }

    private void conversation(String transport) throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        MeshAdmin.Credentials alice = admin.registerAgent("alice-" + run + "@a2a", "Alice");
        MeshAdmin.Credentials bob = admin.registerAgent("bob-" + run + "@a2a", "Bob the reviewer");
        admin.allow(alice.agentId(), bob.agentId());
        MeshAgent bobAgent = MeshAgent.builder(base, bob.agentId(), bob.token()).build();

        ProcessBuilder builder = new ProcessBuilder("node", "a2a-client.mjs")
                .directory(Path.of("src", "test", "node").toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        builder.environment()
                .put(
                        "CARD_URL",
                        base.resolve("/mesh/a2a/" + bob.agentId() + "/.well-known/agent-card.json")
                                .toString());
        builder.environment().put("MESH_AGENT_TOKEN", alice.token());
        builder.environment().put("TRANSPORT", transport);
        builder.environment().put("RUN", run);
        Process client = builder.start();
        try (BufferedReader out =
                        new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8));
                Writer in = client.outputWriter(StandardCharsets.UTF_8)) {
            Steps steps = new Steps(out);

            JsonObject card = steps.next("card").getJsonObject("card");
            assertEquals("Bob the reviewer", card.getString("name"));

            // blocking send: bob answers, attaches an artifact and completes; the SDK call returns the task
            String blockingId = steps.next("sent-blocking").getString("messageId");
            InboxEvent.MessageEvent asked = Inbox.awaitMessage(bobAgent, blockingId);
            bobAgent.send(Message.inTask(asked.taskId(), alice.agentId(), Part.text("Here is my answer")));
            bobAgent.addArtifact(asked.taskId(), null, "review", List.of(Part.text("LGTM")));
            bobAgent.changeStatus(asked.taskId(), TaskState.COMPLETED, null);
            JsonObject blocking = steps.next("blocking").getJsonObject("task");
            assertEquals(asked.taskId(), blocking.getString("id"));
            assertEquals("TASK_STATE_COMPLETED", blocking.getString("state"));
            assertEquals(List.of("ROLE_USER:Please answer", "ROLE_AGENT:Here is my answer"), history(blocking));
            assertEquals(
                    "review",
                    blocking.getJsonArray("artifacts").getJsonObject(0).getString("name"));
            assertEquals(blocking, steps.next("get").getJsonObject("task"));

            // streamed send
            JsonObject open = steps.next("stream-open");
            InboxEvent.MessageEvent streamed = Inbox.awaitMessage(bobAgent, open.getString("messageId"));
            assertEquals(open.getString("taskId"), streamed.taskId());
            bobAgent.send(Message.inTask(streamed.taskId(), alice.agentId(), Part.text("Streaming answer")));
            bobAgent.addArtifact(streamed.taskId(), null, "patch", List.of(Part.text("diff")));
            bobAgent.changeStatus(streamed.taskId(), TaskState.COMPLETED, null);
            List<String> events = kinds(steps.next("stream").getJsonArray("events"));
            assertEquals(
                    List.of(
                            "task:TASK_STATE_SUBMITTED",
                            "message:Streaming answer",
                            "artifactUpdate:patch",
                            "statusUpdate:TASK_STATE_COMPLETED"),
                    events);

            // a dropped stream; bob speaks while the client is away; the client resubscribes
            JsonObject dropped = steps.next("dropped");
            InboxEvent.MessageEvent slow = Inbox.awaitMessage(bobAgent, dropped.getString("messageId"));
            bobAgent.changeStatus(slow.taskId(), TaskState.WORKING, null);
            bobAgent.send(Message.inTask(slow.taskId(), alice.agentId(), Part.text("Said while you were away")));
            in.write("go\n");
            in.flush();
            JsonObject first = steps.next("resubscribed").getJsonObject("event");
            assertEquals("task", first.getString("kind"));
            assertEquals("TASK_STATE_WORKING", first.getJsonObject("task").getString("state"));
            assertTrue(
                    history(first.getJsonObject("task")).contains("ROLE_AGENT:Said while you were away"),
                    first.toString());
            bobAgent.send(Message.inTask(slow.taskId(), alice.agentId(), Part.text("And now the end")));
            bobAgent.changeStatus(slow.taskId(), TaskState.COMPLETED, null);
            assertEquals(
                    List.of("task:TASK_STATE_WORKING", "message:And now the end", "statusUpdate:TASK_STATE_COMPLETED"),
                    kinds(steps.next("resubscribe").getJsonArray("events")));

            // the same message id twice: the same task, and bob gets it once (the marker follows it in order)
            JsonObject resend = steps.next("resend");
            assertEquals(resend.getString("first"), resend.getString("second"));
            Inbox.awaitMessage(bobAgent, resend.getString("marker"));
            assertEquals(
                    1,
                    Inbox.messages(bobAgent).stream()
                            .filter(message -> message.messageId().equals(resend.getString("messageId")))
                            .count());

            JsonObject list = steps.next("list");
            assertEquals(4, list.getInt("totalSize"));
            assertTrue(
                    list.getJsonArray("ids").getValuesAs(JsonString.class).stream()
                            .anyMatch(id -> id.getString().equals(asked.taskId())),
                    list.toString());

            String notFound = steps.next("not-found").getString("error");
            assertTrue(notFound.toLowerCase().contains("not found"), notFound);
            steps.next("done");
        } finally {
            assertTrue(client.waitFor(60, TimeUnit.SECONDS), "the A2A client finished");
            assertEquals(0, client.exitValue(), "the A2A client's exit status");
        }
    }

    /** The client's output, one step at a time, in order. */
    private record Steps(BufferedReader out) {

        JsonObject next(String step) throws Exception {
            String line = out.readLine();
            assertNotNull(line, "the client ended before step " + step);
            JsonObject json = Json.createReader(new StringReader(line)).readObject();
            assertEquals(step, json.getString("step"), line);
            return json;
        }
    }

    private static List<String> history(JsonObject task) {
        return task.getJsonArray("history").getValuesAs(JsonObject.class).stream()
                .map(message -> message.getString("role") + ":"
                        + message.getJsonArray("texts").getString(0))
                .toList();
    }

    private static List<String> kinds(jakarta.json.JsonArray events) {
        return events.getValuesAs(JsonObject.class).stream()
                .map(event -> event.getString("kind") + ":"
                        + switch (event.getString("kind")) {
                            case "task" -> event.getJsonObject("task").getString("state");
                            case "message" -> event.getJsonArray("texts").getString(0);
                            case "artifactUpdate" -> event.getString("name");
                            case "statusUpdate" -> event.getString("state");
                            default -> JsonValue.NULL.toString();
                        })
                .toList();
    }
}
