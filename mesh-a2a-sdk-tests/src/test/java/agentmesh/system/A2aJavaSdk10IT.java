package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.client.InboxEvent;
import agentmesh.client.MeshAdmin;
import agentmesh.client.MeshAgent;
import agentmesh.client.Part;
import agentmesh.client.SendReceipt;
import com.google.protobuf.util.JsonFormat;
import io.a2a.client.MessageEvent;
import io.a2a.client.TaskEvent;
import io.a2a.client.TaskUpdateEvent;
import io.a2a.jsonrpc.common.wrappers.ListTasksResult;
import io.a2a.spec.A2AClientException;
import io.a2a.spec.A2AClientJSONError;
import io.a2a.spec.AgentCard;
import io.a2a.spec.AgentInterface;
import io.a2a.spec.AuthenticationInfo;
import io.a2a.spec.DeleteTaskPushNotificationConfigParams;
import io.a2a.spec.GetTaskPushNotificationConfigParams;
import io.a2a.spec.HTTPAuthSecurityScheme;
import io.a2a.spec.ListTaskPushNotificationConfigParams;
import io.a2a.spec.ListTasksParams;
import io.a2a.spec.PushNotificationConfig;
import io.a2a.spec.Task;
import io.a2a.spec.TaskIdParams;
import io.a2a.spec.TaskNotCancelableError;
import io.a2a.spec.TaskPushNotificationConfig;
import io.a2a.spec.TaskQueryParams;
import io.a2a.spec.TaskState;
import jakarta.json.JsonObject;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The mesh's A2A facade in 1.0, driven by the official A2A Java SDK 1.0 client ({@code a2a-java-sdk-client}
 * 1.0.0.Alpha3, unmodified), on its JSON-RPC and its HTTP+JSON transport: the card, blocking, non-blocking and
 * streamed sends, a subscription, GetTask, ListTasks and CancelTask. Alice is the SDK's client; bob, the agent she
 * talks to, answers through the mesh's HTTP API. Where the Alpha SDK departs from A2A 1.0, the test says so where
 * it meets it.
 */
@ExtendWith(MeshStackExtension.class)
class A2aJavaSdk10IT {

    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private final URI base = MeshStackExtension.stack().config().baseUri();
    private final int port = MeshStackExtension.stack().config().httpPort();
    private final URI server = base.resolve("/");
    private final MeshAdmin admin =
            MeshAdmin.builder(base, MeshStackExtension.ADMIN_TOKEN).build();
    private final String run = UUID.randomUUID().toString().substring(0, 8);

    /** Alice, the SDK's caller, and bob, who answers through the mesh API. */
    private record Pair(String aliceToken, MeshAgent alice, MeshAgent bob) {}

    @Test
    void theSdksResolverReadsTheCardIn10() throws Exception {
        Pair pair = pair("bob-" + run + "@sdk10");
        String cardPath = "/mesh/a2a/" + pair.bob().agentId() + "/.well-known/agent-card.json";
        AgentCard card = Sdk10Cards.read(server, cardPath);
        String address = server.resolve("/mesh/a2a/" + pair.bob().agentId()).toString();
        assertEquals(
                List.of("JSONRPC " + address + " 1.0", "HTTP+JSON " + address + " 1.0", "JSONRPC " + address + " 0.3"),
                card.supportedInterfaces().stream().map(A2aJavaSdk10IT::named).toList());
        assertTrue(card.capabilities().streaming());
        assertTrue(card.capabilities().pushNotifications());
        assertEquals(
                "bearer",
                assertInstanceOf(
                                HTTPAuthSecurityScheme.class,
                                card.securitySchemes().get("meshBearer"))
                        .scheme());
    }

    @Test
    void withoutNamingItsVersionTheResolverGetsTheUnversionedCardAndRefusesIt() throws Exception {
        Pair pair = pair("bob-" + run + "@sdk10");
        String cardPath = "/mesh/a2a/" + pair.bob().agentId() + "/.well-known/agent-card.json";
        // The Alpha SDK names no version on the card (A2A 1.0 3.6.1: clients MUST); naming none is 0.3 (3.6.2), so
        // the card has the 0.3 fields beside the 1.0 ones, and its strict parser stops at the first (5.7: readers
        // SHOULD ignore unrecognized fields). When a release names 1.0 or ignores them, this test shows it.
        A2AClientJSONError refused = assertThrows(
                A2AClientJSONError.class,
                () -> Sdk10Cards.resolver(server, cardPath, Map.of()).getAgentCard());
        assertTrue(
                String.valueOf(refused.getCause()).contains("url in message a2a.v1.AgentCard"),
                String.valueOf(refused.getCause()));
    }

    @ParameterizedTest
    @EnumSource(Sdk10Transport.class)
    void theCardAtAnAgentsOwnOriginLeadsTheSdkThere(Sdk10Transport transport) throws Exception {
        // A host label per binding, named in the test JVM's hosts file (jdk.net.hosts.file): *.localhost does not
        // resolve here, and the SDK reaches an agent by its name as any client would.
        Pair pair = pair("bob-" + transport.name().toLowerCase().replace('_', '-'));
        URI origin = URI.create("http://"
                + MeshStackExtension.A2A_HOST_PATTERN.replace(
                        "{agent}", pair.bob().agentId()) + ":" + port);
        AgentCard card = Sdk10Cards.read(origin, null);
        assertEquals(
                List.of("JSONRPC " + origin + " 1.0", "HTTP+JSON " + origin + " 1.0", "JSONRPC " + origin + " 0.3"),
                card.supportedInterfaces().stream().map(A2aJavaSdk10IT::named).toList());
        Task answered =
                blockingConversation(Sdk10Client.blocking(card, transport, pair.aliceToken()), pair, "m-origin-" + run);
        assertEquals(TaskState.TASK_STATE_COMPLETED, answered.status().state());
    }

    @ParameterizedTest
    @EnumSource(Sdk10Transport.class)
    void aBlockingSendAnswersWithTheTaskBobCompleted(Sdk10Transport transport) throws Exception {
        Pair pair = pair("bob-" + run + "@sdk10");
        Sdk10Client alice = Sdk10Client.blocking(card(pair), transport, pair.aliceToken());

        Task answered = blockingConversation(alice, pair, "m-blocking-" + run);
        assertEquals(TaskState.TASK_STATE_COMPLETED, answered.status().state());
        assertEquals(List.of("ROLE_USER:Review this, please", "ROLE_AGENT:Reviewed: fine"), said(answered));

        // the same message id again: the same task, nothing new for bob
        alice.events.clear();
        alice.client.sendMessage(Sdk10Client.userMessage("m-blocking-" + run, "Review this, please"));
        assertEquals(
                answered.id(),
                assertInstanceOf(TaskEvent.class, alice.events.get(0)).getTask().id());
        assertEquals(
                1,
                Inbox.messages(pair.bob()).stream()
                        .filter(message -> message.messageId().equals("m-blocking-" + run))
                        .count());
    }

    /**
     * The Alpha SDK's proto still names the send's flag {@code blocking} (it sends {@code "blocking": false}); A2A 1.0
     * names it {@code returnImmediately} ({@code a2a.proto} v1.0.1: {@code bool return_immediately = 4}). The mesh
     * ignores the field it does not know (5.7) and waits, as 1.0's default says, until the task needs alice: the
     * answer is the task as bob left it, not as it was accepted. When the SDK sends {@code returnImmediately}, this
     * answer is the submitted task.
     */
    @ParameterizedTest
    @EnumSource(Sdk10Transport.class)
    void aSendTheSdkMarksNonBlockingWaitsForA10ServerNamesTheFlagReturnImmediately(Sdk10Transport transport)
            throws Exception {
        Pair pair = pair("bob-" + run + "@sdk10");
        Sdk10Client alice = Sdk10Client.nonBlocking(card(pair), transport, pair.aliceToken());

        CompletableFuture<Void> sending = sendInBackground(alice, "m-polling-" + run, "Which format?");
        InboxEvent.MessageEvent asked = Inbox.awaitMessage(pair.bob(), "m-polling-" + run);
        pair.bob().changeStatus(asked.taskId(), agentmesh.client.TaskState.INPUT_REQUIRED, "PDF or HTML?");
        sending.get(60, TimeUnit.SECONDS);
        Task answered = assertInstanceOf(TaskEvent.class, alice.events.get(0)).getTask();
        assertEquals(TaskState.TASK_STATE_INPUT_REQUIRED, answered.status().state());
        assertEquals("PDF or HTML?", Sdk10Client.text(answered.status().message()));
    }

    @ParameterizedTest
    @EnumSource(Sdk10Transport.class)
    void aStreamedSendFollowsTheTaskToItsEnd(Sdk10Transport transport) throws Exception {
        Pair pair = pair("bob-" + run + "@sdk10");
        Sdk10Client alice = Sdk10Client.streaming(card(pair), transport, pair.aliceToken());

        alice.client.sendMessage(Sdk10Client.userMessage("m-stream-" + run, "Stream it"));
        InboxEvent.MessageEvent asked = Inbox.awaitMessage(pair.bob(), "m-stream-" + run);
        pair.bob()
                .send(agentmesh.client.Message.inTask(
                        asked.taskId(), pair.alice().agentId(), Part.text("Streamed answer")));
        pair.bob().changeStatus(asked.taskId(), agentmesh.client.TaskState.COMPLETED, null);

        awaitState(alice, TaskState.TASK_STATE_COMPLETED);
        Task first = assertInstanceOf(TaskEvent.class, alice.events.get(0)).getTask();
        assertEquals(asked.taskId(), first.id());
        assertEquals(
                "Streamed answer",
                Sdk10Client.text(alice.events.stream()
                        .filter(MessageEvent.class::isInstance)
                        .map(e -> ((MessageEvent) e).getMessage())
                        .findFirst()
                        .orElseThrow(() -> new AssertionError("no message in " + alice.events))));
    }

    @ParameterizedTest
    @EnumSource(Sdk10Transport.class)
    void aSubscriberCatchesUpAndFollowsTheTaskToItsEnd(Sdk10Transport transport) throws Exception {
        Pair pair = pair("bob-" + run + "@sdk10");
        String taskId = pair.alice()
                .send(agentmesh.client.Message.newTask(pair.bob().agentId(), Part.text("Keep me posted")))
                .taskId();
        pair.bob().changeStatus(taskId, agentmesh.client.TaskState.WORKING, null);
        pair.bob()
                .send(agentmesh.client.Message.inTask(
                        taskId, pair.alice().agentId(), Part.text("Said while you were away")));

        Sdk10Client alice = Sdk10Client.streaming(card(pair), transport, pair.aliceToken());
        alice.client.subscribeToTask(new TaskIdParams(taskId));
        await().atMost(PATIENCE).until(() -> !alice.events.isEmpty());
        Task caughtUp = assertInstanceOf(TaskEvent.class, alice.events.get(0)).getTask();
        assertEquals(TaskState.TASK_STATE_WORKING, caughtUp.status().state());
        assertEquals(List.of("ROLE_USER:Keep me posted", "ROLE_AGENT:Said while you were away"), said(caughtUp));

        pair.bob().send(agentmesh.client.Message.inTask(taskId, pair.alice().agentId(), Part.text("And done")));
        pair.bob().changeStatus(taskId, agentmesh.client.TaskState.COMPLETED, null);
        awaitState(alice, TaskState.TASK_STATE_COMPLETED);
        assertEquals(
                List.of("And done"),
                alice.events.stream()
                        .filter(MessageEvent.class::isInstance)
                        .map(e -> Sdk10Client.text(((MessageEvent) e).getMessage()))
                        .toList());
    }

    @ParameterizedTest
    @EnumSource(Sdk10Transport.class)
    void getTaskGivesTheLastMessagesHistoryLengthAsksFor(Sdk10Transport transport) throws Exception {
        Pair pair = pair("bob-" + run + "@sdk10");
        String taskId = pair.alice()
                .send(agentmesh.client.Message.newTask(pair.bob().agentId(), Part.text("1")))
                .taskId();
        List<String> said = new ArrayList<>(List.of("ROLE_USER:1"));
        for (int turn = 2; turn <= 11; turn++) {
            MeshAgent speaker = turn % 2 == 0 ? pair.bob() : pair.alice();
            MeshAgent listener = turn % 2 == 0 ? pair.alice() : pair.bob();
            speaker.send(agentmesh.client.Message.inTask(taskId, listener.agentId(), Part.text("" + turn)));
            said.add((turn % 2 == 0 ? "ROLE_AGENT:" : "ROLE_USER:") + turn);
        }
        Sdk10Client alice = Sdk10Client.blocking(card(pair), transport, pair.aliceToken());

        assertEquals(said, said(alice.client.getTask(new TaskQueryParams(taskId))));
        // Two digits: the Alpha SDK's HTTP+JSON transport writes historyLength with String.format("%2d"), so a
        // single digit becomes " 2", which no URI takes (RestTransport#getTask).
        assertEquals(said.subList(1, 11), said(alice.client.getTask(new TaskQueryParams(taskId, 10))));
        if (transport == Sdk10Transport.JSON_RPC) {
            assertEquals(said.subList(9, 11), said(alice.client.getTask(new TaskQueryParams(taskId, 2))));
            assertEquals(List.of(), said(alice.client.getTask(new TaskQueryParams(taskId, 0))));
        }
    }

    /**
     * Each listing asks for a page size that its tasks fill: the Alpha SDK's JSON-RPC transport refuses a page whose
     * {@code pageSize} is not its number of tasks ({@code ListTasksResult}), where A2A 1.0 has it "the page size
     * used for this response" and answers {@code pageSize: 10} with one task in its own examples (9.4.4, 11).
     */
    @ParameterizedTest
    @EnumSource(Sdk10Transport.class)
    void listTasksFiltersPagesAndIncludesArtifactsWhenAsked(Sdk10Transport transport) throws Exception {
        Pair pair = pair("bob-" + run + "@sdk10");
        String context = "ctx-" + run;
        String first = newTask(pair, context, "first");
        String second = newTask(pair, context, "second");
        String third = newTask(pair, null, "third");
        pair.bob().addArtifact(second, "report", "Report", List.of(Part.text("the report")));
        pair.bob().changeStatus(first, agentmesh.client.TaskState.COMPLETED, null);
        Sdk10Client alice = Sdk10Client.blocking(card(pair), transport, pair.aliceToken());

        ListTasksResult all =
                alice.client.listTasks(ListTasksParams.builder().pageSize(3).build());
        assertEquals(List.of(first, second, third), ids(all), "newest update first");
        assertEquals(3, all.totalSize());
        assertEquals(
                List.of(first, second),
                ids(alice.client.listTasks(
                        ListTasksParams.builder().pageSize(2).contextId(context).build())));
        assertEquals(
                List.of(first),
                ids(alice.client.listTasks(ListTasksParams.builder()
                        .pageSize(1)
                        .status(TaskState.TASK_STATE_COMPLETED)
                        .build())));

        ListTasksResult page1 =
                alice.client.listTasks(ListTasksParams.builder().pageSize(2).build());
        assertEquals(List.of(first, second), ids(page1));
        assertEquals(3, page1.totalSize());
        assertFalse(page1.nextPageToken() == null || page1.nextPageToken().isEmpty(), "a token to the next page");
        ListTasksResult page2 = alice.client.listTasks(ListTasksParams.builder()
                .pageSize(1)
                .pageToken(page1.nextPageToken())
                .build());
        assertEquals(List.of(third), ids(page2));
        assertEquals(3, page2.totalSize());
        // The mesh sends "" after the last page; the SDK's JSON-RPC transport passes it on, its HTTP+JSON one as null.
        assertTrue(page2.nextPageToken() == null || page2.nextPageToken().isEmpty(), page2.nextPageToken());

        Task withoutArtifacts = alice.client
                .listTasks(
                        ListTasksParams.builder().pageSize(2).contextId(context).build())
                .tasks()
                .get(1);
        assertTrue(
                withoutArtifacts.artifacts() == null
                        || withoutArtifacts.artifacts().isEmpty(),
                "artifacts only when asked: " + withoutArtifacts.artifacts());
        Task withArtifacts = alice.client
                .listTasks(ListTasksParams.builder()
                        .pageSize(2)
                        .contextId(context)
                        .includeArtifacts(true)
                        .build())
                .tasks()
                .get(1);
        assertEquals(
                List.of("report"),
                withArtifacts.artifacts().stream().map(a -> a.artifactId()).toList());

        if (transport == Sdk10Transport.JSON_RPC) {
            // The Alpha SDK's HTTP+JSON transport leaves statusTimestampAfter out of its query string
            // (RestTransport#buildListTasksQueryString); its JSON-RPC transport sends it.
            Task completed = alice.client.getTask(new TaskQueryParams(first, 0));
            assertEquals(
                    List.of(first),
                    ids(alice.client.listTasks(ListTasksParams.builder()
                            .pageSize(1)
                            .statusTimestampAfter(completed.status().timestamp().toInstant())
                            .build())));
        }
    }

    @ParameterizedTest
    @EnumSource(Sdk10Transport.class)
    void cancelEndsTheTaskAndBobIsTold(Sdk10Transport transport) throws Exception {
        Pair pair = pair("bob-" + run + "@sdk10");
        String taskId = newTask(pair, null, "Never mind soon");
        Sdk10Client alice = Sdk10Client.blocking(card(pair), transport, pair.aliceToken());

        assertEquals(
                TaskState.TASK_STATE_CANCELED,
                alice.client.cancelTask(new TaskIdParams(taskId)).status().state());
        await().atMost(PATIENCE)
                .until(() -> pair.bob().inbox(0L, 200, Duration.ZERO).events().stream()
                        .anyMatch(event -> event instanceof InboxEvent.StatusEvent status
                                && status.taskId().equals(taskId)
                                && status.status().state() == agentmesh.client.TaskState.CANCELED));
    }

    @Test
    void aCompletedTaskIsNotCancelable() throws Exception {
        // Over JSON-RPC only: the Alpha SDK's HTTP+JSON transport reads an error as {"error": "<Java class name>"}
        // (RestErrorMapper), not as the google.rpc.Status that A2A 1.0 (11) and the mesh send.
        Pair pair = pair("bob-" + run + "@sdk10");
        String taskId = newTask(pair, null, "Done already");
        pair.bob().changeStatus(taskId, agentmesh.client.TaskState.COMPLETED, null);
        Sdk10Client alice = Sdk10Client.blocking(card(pair), Sdk10Transport.JSON_RPC, pair.aliceToken());

        A2AClientException refused =
                assertThrows(A2AClientException.class, () -> alice.client.cancelTask(new TaskIdParams(taskId)));
        assertInstanceOf(TaskNotCancelableError.class, refused.getCause());
        assertEquals(
                TaskState.TASK_STATE_COMPLETED,
                alice.client.getTask(new TaskQueryParams(taskId, 0)).status().state());
    }

    @ParameterizedTest
    @EnumSource(Sdk10Transport.class)
    void aWebhookTheSdkRegistersHearsEveryUpdateOnceInOrderAcrossItsOutage(Sdk10Transport transport) throws Exception {
        Pair pair = pair("bob-" + run + "@sdk10");
        String taskId = newTask(pair, null, "Report, please");
        Sdk10Client alice = Sdk10Client.blocking(card(pair), transport, pair.aliceToken());
        Webhook webhook = new Webhook(200);
        webhook.start();
        try {
            // The Alpha SDK writes an earlier draft's config (`config` inside) and reads only that: the mesh reads
            // it and stores the config, and answers with 1.0's flat TaskPushNotificationConfig (`url` at the top),
            // which the SDK's strict parser refuses. When a release reads 1.0's config, this shows it.
            TaskPushNotificationConfig config = new TaskPushNotificationConfig(
                    taskId,
                    new PushNotificationConfig(
                            webhook.url(), "tok-sdk", new AuthenticationInfo("Bearer", "cred-sdk"), "hook-sdk"),
                    "");
            A2AClientException unread = assertThrows(
                    A2AClientException.class, () -> alice.client.createTaskPushNotificationConfiguration(config));
            assertTrue(
                    unread.getMessage().contains("url in message a2a.v1.TaskPushNotificationConfig"),
                    unread::getMessage);
            assertEquals(webhook.url(), pushConfig(pair, taskId, "hook-sdk").getString("url"));
            assertThrows(
                    A2AClientException.class,
                    () -> alice.client.getTaskPushNotificationConfiguration(
                            new GetTaskPushNotificationConfigParams(taskId, "hook-sdk")),
                    "the same 1.0 config read back");

            answer(pair, taskId, "working on it 1");
            answer(pair, taskId, "working on it 2");
            await().atMost(PATIENCE).until(() -> webhook.received().size() >= 2);
            webhook.stop();
            answer(pair, taskId, "working on it 3");
            pair.bob().changeStatus(taskId, agentmesh.client.TaskState.WORKING, null);
            // The mesh has met the closed webhook and backs off before the webhook comes back.
            await().atMost(PATIENCE)
                    .until(() -> pushConfig(pair, taskId, "hook-sdk").getInt("attempts") >= 1);
            webhook.start();
            answer(pair, taskId, "working on it 4");
            pair.bob().changeStatus(taskId, agentmesh.client.TaskState.COMPLETED, null);

            await().atMost(Duration.ofSeconds(60))
                    .until(() -> webhook.received().stream()
                            .map(Webhook::describe)
                            .anyMatch("status TASK_STATE_COMPLETED"::equals));
            assertEquals(
                    List.of(
                            "message working on it 1",
                            "message working on it 2",
                            "message working on it 3",
                            "status TASK_STATE_WORKING",
                            "message working on it 4",
                            "status TASK_STATE_COMPLETED"),
                    webhook.received().stream().map(Webhook::describe).toList());
            for (Webhook.Push push : webhook.received()) {
                assertEquals("tok-sdk", push.token());
                assertEquals("Bearer cred-sdk", push.authorization());
                // each update is a StreamResponse as the SDK's own proto reads it, strictly
                io.a2a.grpc.StreamResponse.Builder read = io.a2a.grpc.StreamResponse.newBuilder();
                JsonFormat.parser().merge(push.body().toString(), read);
                assertTrue(read.hasMessage() || read.hasStatusUpdate(), push.body()::toString);
            }

            alice.client.deleteTaskPushNotificationConfigurations(
                    new DeleteTaskPushNotificationConfigParams(taskId, "hook-sdk", ""));
            assertEquals(
                    List.of(),
                    alice.client
                            .listTaskPushNotificationConfigurations(new ListTaskPushNotificationConfigParams(taskId))
                            .configs());
        } finally {
            webhook.stop();
        }
    }

    // ---- helpers ----

    private Pair pair(String bobId) {
        MeshAdmin.Credentials alice =
                admin.registerAgent("alice-" + UUID.randomUUID().toString().substring(0, 8) + "@sdk10", "Alice");
        MeshAdmin.Credentials bob = admin.registerAgent(bobId, "Bob");
        admin.allow(alice.agentId(), bob.agentId());
        return new Pair(
                alice.token(),
                MeshAgent.builder(base, alice.agentId(), alice.token()).build(),
                MeshAgent.builder(base, bob.agentId(), bob.token()).build());
    }

    private static void answer(Pair pair, String taskId, String text) {
        pair.bob().send(agentmesh.client.Message.inTask(taskId, pair.alice().agentId(), Part.text(text)));
    }

    // The config as the mesh's admin sees it: with its delivery attempts.
    private JsonObject pushConfig(Pair pair, String taskId, String configId) {
        return MeshClient.forStack()
                .get("admin/agents/" + pair.alice().agentId() + "/push", MeshStackExtension.ADMIN_TOKEN)
                .json()
                .getJsonArray("configs")
                .stream()
                .map(JsonObject.class::cast)
                .filter(config -> config.getString("taskId").equals(taskId)
                        && config.getString("configId").equals(configId))
                .findFirst()
                .orElseThrow();
    }

    private AgentCard card(Pair pair) throws Exception {
        return Sdk10Cards.read(server, "/mesh/a2a/" + pair.bob().agentId() + "/.well-known/agent-card.json");
    }

    // Alice asks, bob answers and completes through the mesh API; the answer is the task alice's send returned.
    private static Task blockingConversation(Sdk10Client alice, Pair pair, String messageId) throws Exception {
        CompletableFuture<Void> sending = sendInBackground(alice, messageId, "Review this, please");
        InboxEvent.MessageEvent asked = Inbox.awaitMessage(pair.bob(), messageId);
        pair.bob()
                .send(agentmesh.client.Message.inTask(
                        asked.taskId(), pair.alice().agentId(), Part.text("Reviewed: fine")));
        pair.bob().changeStatus(asked.taskId(), agentmesh.client.TaskState.COMPLETED, null);
        sending.get(60, TimeUnit.SECONDS);
        Task answered = assertInstanceOf(TaskEvent.class, alice.events.get(0)).getTask();
        assertEquals(asked.taskId(), answered.id());
        return answered;
    }

    private static CompletableFuture<Void> sendInBackground(Sdk10Client alice, String messageId, String text) {
        return CompletableFuture.runAsync(() -> {
            try {
                alice.client.sendMessage(Sdk10Client.userMessage(messageId, text));
            } catch (A2AClientException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private static String newTask(Pair pair, String contextId, String text) {
        SendReceipt sent = pair.alice()
                .send(new agentmesh.client.Message(
                        null, pair.bob().agentId(), null, contextId, List.of(Part.text(text))));
        return sent.taskId();
    }

    private static void awaitState(Sdk10Client client, TaskState state) {
        await().atMost(PATIENCE)
                .until(() -> client.events.stream()
                        .anyMatch(event -> event instanceof TaskUpdateEvent update
                                && update.getTask().status().state() == state));
    }

    private static List<String> said(Task task) {
        return task.history() == null
                ? List.of()
                : task.history().stream()
                        .map(message -> message.role() + ":" + Sdk10Client.text(message))
                        .toList();
    }

    private static List<String> ids(ListTasksResult result) {
        return result.tasks().stream().map(Task::id).toList();
    }

    private static String named(AgentInterface anInterface) {
        return anInterface.protocolBinding() + " " + anInterface.url() + " " + anInterface.protocolVersion();
    }
}
