package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.client.InboxEvent;
import agentmesh.client.MeshAdmin;
import agentmesh.client.MeshAgent;
import io.a2a.client.Client;
import io.a2a.client.ClientEvent;
import io.a2a.client.MessageEvent;
import io.a2a.client.TaskEvent;
import io.a2a.client.TaskUpdateEvent;
import io.a2a.client.config.ClientConfig;
import io.a2a.client.http.A2ACardResolver;
import io.a2a.client.http.JdkA2AHttpClient;
import io.a2a.client.transport.jsonrpc.JSONRPCTransport;
import io.a2a.client.transport.jsonrpc.JSONRPCTransportConfigBuilder;
import io.a2a.client.transport.spi.interceptors.ClientCallContext;
import io.a2a.client.transport.spi.interceptors.ClientCallInterceptor;
import io.a2a.client.transport.spi.interceptors.PayloadAndHeaders;
import io.a2a.spec.AgentCard;
import io.a2a.spec.Message;
import io.a2a.spec.Task;
import io.a2a.spec.TaskIdParams;
import io.a2a.spec.TaskQueryParams;
import io.a2a.spec.TaskState;
import io.a2a.spec.TextPart;
import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The mesh's A2A facade in its 0.3 dialect, driven by the a2a-java client ({@code a2a-java-sdk-client} 0.3.2.Final
 * with its JSON-RPC transport, unmodified; it sends no {@code A2A-Version} header, so the mesh takes it as 0.3): a
 * blocking send answered by the mesh agent through the mesh API, GetTask, a streamed send, an idempotent resend, a
 * resubscribe that catches up on what was said while the client was away, and a cancel the mesh agent is told of.
 */
@ExtendWith(MeshStackExtension.class)
class A2aJavaClientIT {

    private final URI base = MeshStackExtension.stack().config().baseUri();
    private final MeshAdmin admin =
            MeshAdmin.builder(base, MeshStackExtension.ADMIN_TOKEN).build();

    @Test
    void theJavaSdkClientConversesInA2a03() throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        MeshAdmin.Credentials alice = admin.registerAgent("alice-" + run + "@a2a-java", "Alice");
        MeshAdmin.Credentials bob = admin.registerAgent("bob-" + run + "@a2a-java", "Bob");
        admin.allow(alice.agentId(), bob.agentId());
        MeshAgent bobAgent = MeshAgent.builder(base, bob.agentId(), bob.token()).build();
        // A 0.3 client is given the 0.3 card's URL: the default card is 1.0's, whose schemes 0.3's SDK cannot read.
        AgentCard card = new A2ACardResolver(
                        new JdkA2AHttpClient(),
                        base.resolve("/").toString(),
                        "/mesh/a2a/" + bob.agentId() + "/.well-known/agent-card.json?A2A-Version=0.3",
                        Map.of("Authorization", "Bearer " + alice.token()))
                .getAgentCard();
        assertEquals(base.resolve("/mesh/a2a/" + bob.agentId()).toString(), card.url());
        assertTrue(card.capabilities().streaming());

        List<ClientEvent> seen = new CopyOnWriteArrayList<>();
        List<String> streamEnds = new CopyOnWriteArrayList<>();
        Client blocking = client(card, alice.token(), false, seen, streamEnds);

        // blocking send: message/send waits until bob completes the task
        CompletableFuture<Void> sending = CompletableFuture.runAsync(() -> {
            try {
                blocking.sendMessage(message("m-java-" + run, "Review this, please", null));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        InboxEvent.MessageEvent asked = Inbox.awaitMessage(bobAgent, "m-java-" + run);
        bobAgent.send(agentmesh.client.Message.inTask(
                asked.taskId(), alice.agentId(), agentmesh.client.Part.text("Reviewed: fine")));
        bobAgent.changeStatus(asked.taskId(), agentmesh.client.TaskState.COMPLETED, null);
        sending.get();
        Task answered = assertInstanceOf(TaskEvent.class, seen.get(0)).getTask();
        assertEquals(asked.taskId(), answered.getId());
        assertEquals(TaskState.COMPLETED, answered.getStatus().state());
        Task read = blocking.getTask(new TaskQueryParams(asked.taskId(), 10));
        assertEquals(
                List.of("USER:Review this, please", "AGENT:Reviewed: fine"),
                read.getHistory().stream()
                        .map(m -> m.getRole() + ":" + ((TextPart) m.getParts().get(0)).getText())
                        .toList());

        // the same message id again: the same task, nothing new for bob
        seen.clear();
        blocking.sendMessage(message("m-java-" + run, "Review this, please", null));
        assertEquals(
                asked.taskId(),
                assertInstanceOf(TaskEvent.class, seen.get(0)).getTask().getId());

        // a streamed send: the task, bob's message, the final status; then the stream ends
        seen.clear();
        Client streaming = client(card, alice.token(), true, seen, streamEnds);
        streaming.sendMessage(message("m-java-stream-" + run, "Stream it", null));
        InboxEvent.MessageEvent streamed = Inbox.awaitMessage(bobAgent, "m-java-stream-" + run);
        bobAgent.send(agentmesh.client.Message.inTask(
                streamed.taskId(), alice.agentId(), agentmesh.client.Part.text("Streamed answer")));
        bobAgent.changeStatus(streamed.taskId(), agentmesh.client.TaskState.COMPLETED, null);
        // The client closes the stream itself on the final status; over HTTP/2 (the JDK client upgrades to h2c,
        // which Payara accepts) its error handler then hears "Stream 1 cancelled" instead of a normal end.
        await().atMost(Duration.ofSeconds(30)).until(() -> !streamEnds.isEmpty());
        assertTrue(
                streamEnds.get(0).equals("completed") || streamEnds.get(0).matches(".*Stream \\d+ cancelled"),
                streamEnds.toString());
        assertInstanceOf(TaskEvent.class, seen.get(0));
        assertEquals(
                "Streamed answer",
                ((TextPart) assertInstanceOf(MessageEvent.class, seen.get(1))
                                .getMessage()
                                .getParts()
                                .get(0))
                        .getText());
        TaskUpdateEvent last = assertInstanceOf(TaskUpdateEvent.class, seen.get(seen.size() - 1));
        assertEquals(TaskState.COMPLETED, last.getTask().getStatus().state());

        // a resubscribe by a client that was away: the task first, with what bob said meanwhile, then the rest
        Client polling = client(card, alice.token(), false, seen, streamEnds, true);
        seen.clear();
        polling.sendMessage(message("m-java-resub-" + run, "Keep me posted", null));
        String followedId =
                assertInstanceOf(TaskEvent.class, seen.get(0)).getTask().getId();
        Inbox.awaitMessage(bobAgent, "m-java-resub-" + run);
        bobAgent.changeStatus(followedId, agentmesh.client.TaskState.WORKING, null);
        bobAgent.send(agentmesh.client.Message.inTask(
                followedId, alice.agentId(), agentmesh.client.Part.text("Said while you were away")));
        List<ClientEvent> resubscribed = new CopyOnWriteArrayList<>();
        List<String> resubscriptionEnds = new CopyOnWriteArrayList<>();
        client(card, alice.token(), true, resubscribed, resubscriptionEnds).resubscribe(new TaskIdParams(followedId));
        await().atMost(Duration.ofSeconds(30)).until(() -> !resubscribed.isEmpty());
        Task caughtUp = assertInstanceOf(TaskEvent.class, resubscribed.get(0)).getTask();
        assertEquals(TaskState.WORKING, caughtUp.getStatus().state());
        assertTrue(caughtUp.getHistory().stream()
                .anyMatch(m -> m.getRole() == Message.Role.AGENT
                        && ((TextPart) m.getParts().get(0)).getText().equals("Said while you were away")));
        bobAgent.send(
                agentmesh.client.Message.inTask(followedId, alice.agentId(), agentmesh.client.Part.text("And done")));
        bobAgent.changeStatus(followedId, agentmesh.client.TaskState.COMPLETED, null);
        await().atMost(Duration.ofSeconds(30)).until(() -> !resubscriptionEnds.isEmpty());
        assertEquals(
                "And done",
                ((TextPart) assertInstanceOf(MessageEvent.class, resubscribed.get(1))
                                .getMessage()
                                .getParts()
                                .get(0))
                        .getText());
        assertEquals(
                TaskState.COMPLETED,
                assertInstanceOf(TaskUpdateEvent.class, resubscribed.get(resubscribed.size() - 1))
                        .getTask()
                        .getStatus()
                        .state());

        // a cancel: the task is canceled and bob is told
        seen.clear();
        polling.sendMessage(message("m-java-cancel-" + run, "Never mind soon", null));
        String canceledId =
                assertInstanceOf(TaskEvent.class, seen.get(0)).getTask().getId();
        assertEquals(
                TaskState.CANCELED,
                polling.cancelTask(new TaskIdParams(canceledId)).getStatus().state());
        await().atMost(Duration.ofSeconds(30))
                .until(() -> bobAgent.inbox(0L, 200, Duration.ZERO).events().stream()
                        .anyMatch(event -> event instanceof InboxEvent.StatusEvent status
                                && status.taskId().equals(canceledId)
                                && status.status().state() == agentmesh.client.TaskState.CANCELED));
        assertEquals(
                1,
                Inbox.messages(bobAgent).stream()
                        .filter(message -> message.messageId().equals("m-java-" + run))
                        .count());
    }

    private static Client client(
            AgentCard card, String token, boolean streaming, List<ClientEvent> seen, List<String> streamEnds)
            throws Exception {
        return client(card, token, streaming, seen, streamEnds, false);
    }

    private static Client client(
            AgentCard card,
            String token,
            boolean streaming,
            List<ClientEvent> seen,
            List<String> streamEnds,
            boolean polling)
            throws Exception {
        ClientCallInterceptor bearer = new ClientCallInterceptor() {
            @Override
            public PayloadAndHeaders intercept(
                    String method,
                    Object payload,
                    Map<String, String> headers,
                    AgentCard agentCard,
                    ClientCallContext context) {
                Map<String, String> withToken = new HashMap<>(headers == null ? Map.of() : headers);
                withToken.put("Authorization", "Bearer " + token);
                return new PayloadAndHeaders(payload, withToken);
            }
        };
        return Client.builder(card)
                .clientConfig(new ClientConfig.Builder()
                        .setStreaming(streaming)
                        .setPolling(polling)
                        .setAcceptedOutputModes(List.of("text/plain"))
                        .build())
                .withTransport(JSONRPCTransport.class, new JSONRPCTransportConfigBuilder().addInterceptor(bearer))
                .addConsumer((event, agentCard) -> seen.add(event))
                .streamingErrorHandler(error -> streamEnds.add(error == null ? "completed" : error.toString()))
                .build();
    }

    private static Message message(String messageId, String text, String taskId) {
        Message.Builder message = new Message.Builder()
                .role(Message.Role.USER)
                .parts(List.of(new TextPart(text)))
                .messageId(messageId);
        return (taskId == null ? message : message.taskId(taskId)).build();
    }
}
