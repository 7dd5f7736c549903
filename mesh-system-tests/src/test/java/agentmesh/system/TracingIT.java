package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import agentmesh.stack.KafkaBroker;
import agentmesh.system.MeshClient.Agent;
import agentmesh.system.OtlpReceiver.ReceivedSpan;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * One trace through the whole path (docs/TRACING.md), on the shared stack, whose server exports to the tests' own
 * OTLP receiver and records the traces a client starts sampled: alice sends to bob with a {@code traceparent}; bob
 * reads the event by long poll and by stream and finds the trace context of its delivery in it; he answers and
 * acknowledges with it; alice reads the answer. The receiver then holds one trace whose spans link hop to hop: the
 * send's request, the event's creation, its publication to Kafka, its delivery by the consumer, the reads, the
 * answer's hops in turn, and the acknowledgement.
 */
@ExtendWith(MeshStackExtension.class)
class TracingIT {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String SEND_ROUTE = "POST /mesh/api/v1/messages";

    private final MeshClient mesh = MeshClient.forStack();
    private final URI base = MeshStackExtension.stack().config().baseUri();
    private final OtlpReceiver otlp = MeshStackExtension.otlp();
    private Agent alice;
    private Agent bob;

    @BeforeEach
    void twoAgents() {
        alice = mesh.registerAgent("alice");
        bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
    }

    @Test
    void aConversationThroughTheMeshIsOneTraceWithEveryHopInCausalOrder() throws Exception {
        String traceId = hex(16);
        String clientSpan = hex(8);
        String traceparent = "00-" + traceId + "-" + clientSpan + "-01";

        JsonObject polled;
        JsonObject streamed;
        String taskId;
        try (SseClient stream = new SseClient(base.resolve("inbox/stream?after=0"), bob.token(), Optional.empty())) {
            assertEquals(200, stream.status());
            ApiResponse sent = mesh.post(
                    "messages",
                    alice.token(),
                    MeshClient.textMessage(null, bob, null, "shall we trace this?"),
                    Map.of("traceparent", traceparent, "tracestate", "mesh=it"));
            assertEquals(201, sent.status(), sent::toString);
            taskId = sent.json().getString("taskId");

            polled = only(mesh.get("inbox?after=0&wait=10", bob.token()));
            streamed = json(stream.take(1, Duration.ofSeconds(10)).get(0).data());
        }
        String delivered = polled.getString("traceparent");
        assertEquals(traceId, traceIdOf(delivered), "the event's context is the sender's trace: " + polled);
        assertEquals("mesh=it", polled.getString("tracestate"), polled::toString);
        assertEquals(delivered, streamed.getString("traceparent"), "the stream hands out the same context");

        ApiResponse answered = mesh.post(
                "messages",
                bob.token(),
                MeshClient.textMessage(null, alice, taskId, "yes, one trace"),
                Map.of("traceparent", delivered));
        assertEquals(201, answered.status(), answered::toString);
        ApiResponse acked = mesh.post(
                "inbox/ack",
                bob.token(),
                "{\"cursor\":" + polled.getJsonNumber("cursor").longValue() + "}",
                Map.of("traceparent", delivered));
        assertEquals(204, acked.status(), acked::toString);
        JsonObject answer = only(mesh.get("inbox?after=0&wait=10", alice.token()));
        assertEquals(traceId, traceIdOf(answer.getString("traceparent")), "the answer continues the trace");

        // Two sends (request, create, send, process each), three reads, the acknowledgement's two spans.
        await().atMost(Duration.ofSeconds(20)).until(() -> otlp.trace(traceId).size() >= 13);
        List<ReceivedSpan> trace = otlp.trace(traceId);
        String spans = trace.stream()
                .map(s -> s.name() + " " + s.spanId() + " <- " + s.parentSpanId())
                .collect(Collectors.joining("\n"));

        ReceivedSpan request = child(trace, clientSpan, SEND_ROUTE, spans);
        assertEquals("SPAN_KIND_SERVER", request.kind());
        assertEquals("201", request.attribute("http.response.status_code"));
        ReceivedSpan create = child(trace, request.spanId(), "create ", spans);
        ReceivedSpan publish = published(trace, create.spanId(), spans);
        ReceivedSpan process = child(trace, publish.spanId(), "process ", spans);
        assertEquals("SPAN_KIND_PRODUCER", create.kind());
        assertEquals("SPAN_KIND_PRODUCER", publish.kind());
        assertEquals("SPAN_KIND_CONSUMER", process.kind());
        for (ReceivedSpan messaging : List.of(create, publish, process)) {
            assertEquals("kafka", messaging.attribute("messaging.system"), messaging::toString);
            assertEquals(
                    messaging.name().substring(messaging.name().indexOf(' ') + 1),
                    messaging.attribute("messaging.destination.name"));
            assertTrue(messaging.attribute("messaging.message.id").startsWith("ev-"), messaging::toString);
        }
        assertEquals("create", create.attribute("messaging.operation.type"));
        assertEquals("send", publish.attribute("messaging.operation.type"));
        assertEquals("process", process.attribute("messaging.operation.type"));
        assertEquals(create.attribute("messaging.message.id"), process.attribute("messaging.message.id"));
        assertEquals(process.spanId(), spanIdOf(delivered), "the recipient gets the delivery's context");

        List<ReceivedSpan> bobsReads = children(trace, process.spanId(), "receive ");
        assertEquals(2, bobsReads.size(), "bob's long poll and stream each read the event once:\n" + spans);
        bobsReads.forEach(read -> assertEquals(bob.id(), read.attribute("mesh.agent")));

        ReceivedSpan answerRequest = child(trace, process.spanId(), SEND_ROUTE, spans);
        ReceivedSpan answerCreate = child(trace, answerRequest.spanId(), "create ", spans);
        ReceivedSpan answerPublish = published(trace, answerCreate.spanId(), spans);
        ReceivedSpan answerProcess = child(trace, answerPublish.spanId(), "process ", spans);
        ReceivedSpan alicesRead = child(trace, answerProcess.spanId(), "receive ", spans);
        assertEquals(alice.id(), alicesRead.attribute("mesh.agent"));

        ReceivedSpan ack = child(trace, process.spanId(), "POST /mesh/api/v1/inbox/ack", spans);
        ReceivedSpan settle = child(trace, ack.spanId(), "settle ", spans);
        assertEquals("settle", settle.attribute("messaging.operation.type"));

        // In causal order: each hop starts no earlier than the one that caused it.
        List<ReceivedSpan> path = List.of(
                request,
                create,
                publish,
                process,
                answerRequest,
                answerCreate,
                answerPublish,
                answerProcess,
                alicesRead);
        for (int i = 1; i < path.size(); i++) {
            assertTrue(
                    path.get(i).startNanos() >= path.get(i - 1).startNanos(),
                    path.get(i).name() + " starts before " + path.get(i - 1).name() + ":\n" + spans);
        }
        assertTrue(request.endNanos() >= create.endNanos(), "the event is created within the send's request");
        // The SDK the mesh set up from the OTEL_* settings exported them (docs/TRACING.md: Payara's own OpenTelemetry
        // classes on Payara, the EAR's elsewhere), under the service name it was given.
        assertEquals("opentelemetry", request.resource().get("telemetry.sdk.name"), request.resource()::toString);
        assertEquals("agent-mesh-it", request.resource().get("service.name"));
        // Which version depends on the server (Payara's 1.29, the EAR's 1.68 on WildFly): that it says one is the
        // point.
        String sdk = request.resource().get("telemetry.sdk.version");
        assertTrue(sdk != null && !sdk.isBlank(), request.resource()::toString);
    }

    /**
     * A malformed {@code traceparent} is ignored, as the W3C says, not refused; and a trace the server's sampler
     * does not keep (the shared stack keeps only the ones a client starts sampled) leaves the event as it was.
     */
    @Test
    void aMalformedOrUnsampledContextLeavesTheEventUntraced() {
        ApiResponse malformed = mesh.post(
                "messages",
                alice.token(),
                MeshClient.textMessage(null, bob, null, "garbled"),
                Map.of("traceparent", "00-not-a-trace-context-01"));
        assertEquals(201, malformed.status(), malformed::toString);
        String unsampledTrace = hex(16);
        ApiResponse unsampled = mesh.post(
                "messages",
                alice.token(),
                MeshClient.textMessage(null, bob, null, "not sampled"),
                Map.of("traceparent", "00-" + unsampledTrace + "-" + hex(8) + "-00"));
        assertEquals(201, unsampled.status(), unsampled::toString);

        List<JsonObject> events = Inbox.awaitAtLeast(mesh, bob, 2, Duration.ofSeconds(20));
        events.forEach(event -> assertFalse(event.containsKey("traceparent"), event::toString));
        assertTrue(otlp.trace(unsampledTrace).isEmpty());
    }

    /**
     * The protocols' own carriers: an A2A message's {@code metadata} and an MCP tool call's {@code _meta} hold the
     * W3C context; the send continues it (a SERVER span per call, child of the caller's), and the recipient's event
     * carries it on, as the MCP inbox tool tells it.
     */
    @Test
    void a2aMetadataAndMcpMetaCarryTheTraceIntoTheSend() throws Exception {
        String a2aTrace = hex(16);
        String a2aCaller = hex(8);
        HttpResponse<String> a2a = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(base.resolve("/mesh/a2a/" + bob.id()))
                                .timeout(Duration.ofSeconds(30))
                                .header("Authorization", "Bearer " + alice.token())
                                .header("Content-Type", "application/json")
                                .header("A2A-Version", "1.0")
                                .POST(HttpRequest.BodyPublishers.ofString(
                                        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"SendMessage\",\"params\":"
                                                + "{\"configuration\":{\"returnImmediately\":true},\"message\":"
                                                + "{\"messageId\":\"m-traced\",\"role\":\"ROLE_USER\","
                                                + "\"parts\":[{\"text\":\"by A2A\"}],\"metadata\":{\"traceparent\":"
                                                + "\"00-" + a2aTrace + "-" + a2aCaller + "-01\"}}}}"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertEquals(200, a2a.statusCode(), a2a.body());
        assertFalse(a2a.body().contains("\"error\""), a2a.body());

        String mcpTrace = hex(16);
        String mcpCaller = hex(8);
        McpHttp mcp = new McpHttp(base.resolve("../../mcp"), alice.token());
        HttpResponse<String> sent = mcp.callTool(
                "mesh_send_message",
                Json.createObjectBuilder()
                        .add("to", bob.id())
                        .add("text", "by MCP")
                        .build(),
                Json.createObjectBuilder()
                        .add("traceparent", "00-" + mcpTrace + "-" + mcpCaller + "-01")
                        .build());
        assertEquals(200, sent.statusCode(), sent.body());
        assertFalse(McpHttp.result(sent).getBoolean("isError", false), sent.body());

        List<JsonObject> events = Inbox.awaitAtLeast(mesh, bob, 2, Duration.ofSeconds(20));
        assertEquals(
                List.of(a2aTrace, mcpTrace),
                events.stream()
                        .map(event -> traceIdOf(event.getString("traceparent")))
                        .toList());
        // bob's MCP inbox tool tells the same context.
        McpHttp bobsMcp = new McpHttp(base.resolve("../../mcp"), bob.token());
        String told = McpHttp.text(McpHttp.result(bobsMcp.callTool(
                "mesh_read_inbox", Json.createObjectBuilder().add("after", 0).build())));
        assertTrue(told.contains(events.get(1).getString("traceparent")), told);

        await().atMost(Duration.ofSeconds(20))
                .until(() -> otlp.trace(a2aTrace).stream()
                                .anyMatch(span -> span.name().equals("SendMessage")
                                        && span.parentSpanId().equals(a2aCaller))
                        && otlp.trace(mcpTrace).stream()
                                .anyMatch(span -> span.name().equals("tools/call mesh_send_message")
                                        && span.parentSpanId().equals(mcpCaller)));
        ReceivedSpan a2aSend = otlp.trace(a2aTrace).stream()
                .filter(span -> span.name().equals("SendMessage"))
                .findFirst()
                .orElseThrow();
        String spans = otlp.trace(a2aTrace).toString();
        child(otlp.trace(a2aTrace), a2aSend.spanId(), "create ", spans);

        // bob answers in the A2A task, in the trace of its delivery; alice, reading the task by A2A, finds the
        // answer's context in its metadata, and her own message's in hers.
        String taskId = events.get(0).getString("taskId");
        ApiResponse answered = mesh.post(
                "messages",
                bob.token(),
                MeshClient.textMessage(null, alice, taskId, "answered by API"),
                Map.of("traceparent", events.get(0).getString("traceparent")));
        assertEquals(201, answered.status(), answered::toString);
        JsonObject task = mesh.post(
                        "/mesh/a2a/" + bob.id(),
                        alice.token(),
                        "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"GetTask\",\"params\":{\"id\":\"" + taskId
                                + "\",\"historyLength\":10}}",
                        Map.of("A2A-Version", "1.0"))
                .json()
                .getJsonObject("result");
        List<JsonObject> history = task.getJsonArray("history").getValuesAs(JsonObject.class);
        assertEquals(2, history.size(), task::toString);
        history.forEach(message -> assertEquals(
                a2aTrace,
                traceIdOf(message.getJsonObject("metadata").getString("traceparent")),
                "each message of the task by A2A tells its trace: " + message));
        JsonObject byApi = mesh.get("tasks/" + taskId, bob.token()).json();
        byApi.getJsonArray("history")
                .getValuesAs(JsonObject.class)
                .forEach(message -> assertEquals(
                        a2aTrace,
                        traceIdOf(message.getString("traceparent")),
                        "and so does the API's view of it: " + message));
    }

    /**
     * A task's status change, artifact and cancel continue the trace of their request's {@code traceparent} as a send
     * does (a SERVER span, the event's create span its child), and the other agent's event carries it on. The client
     * has a webhook for the task: the push of the status change is a CLIENT span of that trace, child of the event's
     * delivery, and the webhook receives the span's {@code traceparent}.
     */
    @Test
    void taskRequestsAndThePushOfTheirEventsContinueTheCallersTrace() throws Exception {
        String taskId = mesh.send(alice, MeshClient.textMessage(null, bob, null, "a task"))
                .getString("taskId");
        Webhook webhook = new Webhook(200);
        webhook.start();
        try {
            ApiResponse config = mesh.post(
                    "../../a2a/" + bob.id() + "/tasks/" + taskId + "/pushNotificationConfigs",
                    alice.token(),
                    "{\"id\":\"traced\",\"url\":\"" + webhook.url() + "\"}");
            assertEquals(200, config.status(), config::toString);

            String statusTrace = hex(16);
            String statusCaller = hex(8);
            ApiResponse working = mesh.post(
                    "tasks/" + taskId + "/status",
                    bob.token(),
                    "{\"state\":\"working\"}",
                    Map.of("traceparent", "00-" + statusTrace + "-" + statusCaller + "-01"));
            assertEquals(200, working.status(), working::toString);
            String artifactTrace = hex(16);
            ApiResponse artifact = mesh.post(
                    "tasks/" + taskId + "/artifacts",
                    bob.token(),
                    "{\"artifactId\":\"a-traced\",\"name\":\"traced\",\"parts\":[{\"kind\":\"text\",\"text\":\"traced\"}]}",
                    Map.of("traceparent", "00-" + artifactTrace + "-" + hex(8) + "-01"));
            assertEquals(201, artifact.status(), artifact::toString);
            String cancelTrace = hex(16);
            ApiResponse canceled = mesh.post(
                    "tasks/" + taskId + "/cancel",
                    alice.token(),
                    "",
                    Map.of("traceparent", "00-" + cancelTrace + "-" + hex(8) + "-01"));
            assertEquals(200, canceled.status(), canceled::toString);

            // alice: her first message's answer-less task gets bob's status change and artifact, each in its trace.
            List<JsonObject> alices = Inbox.awaitAtLeast(mesh, alice, 2, Duration.ofSeconds(20));
            assertEquals(
                    List.of(statusTrace, artifactTrace),
                    alices.stream()
                            .map(event -> traceIdOf(event.getString("traceparent")))
                            .toList(),
                    alices::toString);
            JsonObject bobsCancel =
                    Inbox.awaitAtLeast(mesh, bob, 2, Duration.ofSeconds(20)).get(1);
            assertEquals(cancelTrace, traceIdOf(bobsCancel.getString("traceparent")), bobsCancel::toString);

            String route = "POST /mesh/api/v1/tasks/{taskId}/";
            for (String[] request : new String[][] {
                {statusTrace, "status", "200"}, {artifactTrace, "artifacts", "201"}, {cancelTrace, "cancel", "200"}
            }) {
                await().atMost(Duration.ofSeconds(20))
                        .until(() -> otlp.trace(request[0]).stream()
                                .anyMatch(span -> span.name().startsWith("create ")));
                List<ReceivedSpan> trace = otlp.trace(request[0]);
                ReceivedSpan served = trace.stream()
                        .filter(span -> span.name().equals(route + request[1]))
                        .findFirst()
                        .orElseThrow(() -> new AssertionError("no request span in " + trace));
                assertEquals("SPAN_KIND_SERVER", served.kind());
                assertEquals(request[2], served.attribute("http.response.status_code"), served::toString);
                child(trace, served.spanId(), "create ", trace.toString());
            }

            // The push of the status change: a CLIENT span under the event's delivery; its context at the webhook.
            String delivery = spanIdOf(alices.get(0).getString("traceparent"));
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> otlp.trace(statusTrace).stream()
                            .anyMatch(span -> span.kind().equals("SPAN_KIND_CLIENT")));
            List<ReceivedSpan> trace = otlp.trace(statusTrace);
            ReceivedSpan push = child(trace, delivery, "POST", trace.toString());
            assertEquals("SPAN_KIND_CLIENT", push.kind());
            assertEquals("POST", push.attribute("http.request.method"));
            assertEquals("200", push.attribute("http.response.status_code"));
            assertEquals(webhook.url(), push.attribute("url.full"));
            assertEquals("127.0.0.1", push.attribute("server.address"));
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> !webhook.received().isEmpty());
            String received = webhook.received().get(0).traceparent();
            assertEquals(statusTrace, traceIdOf(received), webhook.received()::toString);
            assertEquals(push.spanId(), spanIdOf(received), "the webhook gets the push's span as its parent");
        } finally {
            webhook.stop();
        }
    }

    /**
     * Through a consumer crash (after the delivery's commit, before the offset's) the redelivered record is processed
     * again in the same trace, as a sibling of its first delivery under the same publication, and its dedup hit is
     * the span's event {@code mesh.inbox.duplicate}; through a broker outage the event waits in the outbox and is
     * published and delivered in its sender's trace once the broker is back.
     */
    @Test
    void aRedeliveryAfterAConsumerCrashAndAPublicationAfterABrokerOutageStayInTheirTraces() {
        assumeTrue(MeshStackExtension.stack().balancer().isEmpty(), "the test-fault switch acts on one instance");
        String crashTrace = hex(16);
        assertEquals(
                204,
                mesh.post("admin/test-faults/consumer-crash", MeshStackExtension.ADMIN_TOKEN, "")
                        .status());
        ApiResponse sent = mesh.post(
                "messages",
                alice.token(),
                MeshClient.textMessage(null, bob, null, "through a crash"),
                Map.of("traceparent", "00-" + crashTrace + "-" + hex(8) + "-01"));
        assertEquals(201, sent.status(), sent::toString);
        await().atMost(Duration.ofSeconds(60))
                .until(() -> otlp.trace(crashTrace).stream()
                        .anyMatch(span -> span.name().startsWith("process ")
                                && span.events().contains("mesh.inbox.duplicate")));
        List<ReceivedSpan> crashed = otlp.trace(crashTrace);
        String spans = crashed.toString();
        ReceivedSpan publish = crashed.stream()
                .filter(span -> span.name().startsWith("send "))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no send span in " + spans));
        List<ReceivedSpan> processed = children(crashed, publish.spanId(), "process ");
        assertTrue(processed.size() >= 2, "delivered, then redelivered and dropped:\n" + spans);
        assertEquals(
                1,
                processed.stream()
                        .filter(span -> !span.events().contains("mesh.inbox.duplicate"))
                        .count(),
                "one delivery stored, the others dedup hits:\n" + spans);
        assertEquals(1, Inbox.all(mesh, bob, 0).size());

        String outageTrace = hex(16);
        KafkaBroker broker = MeshStackExtension.stack().kafka().orElseThrow();
        broker.stop();
        try {
            ApiResponse held = mesh.post(
                    "messages",
                    alice.token(),
                    MeshClient.textMessage(null, bob, null, "through an outage"),
                    Map.of("traceparent", "00-" + outageTrace + "-" + hex(8) + "-01"));
            assertEquals(201, held.status(), held::toString);
        } finally {
            broker.start();
        }
        await().atMost(Duration.ofSeconds(90))
                .until(() -> otlp.trace(outageTrace).stream()
                        .anyMatch(span -> span.name().startsWith("process ")));
        List<ReceivedSpan> outage = otlp.trace(outageTrace);
        String outageSpans = outage.stream()
                .map(s -> s.name() + " " + s.spanId() + " <- " + s.parentSpanId() + " " + s.events())
                .collect(Collectors.joining("\n"));
        ReceivedSpan request = outage.stream()
                .filter(span -> span.name().equals(SEND_ROUTE))
                .findFirst()
                .orElseThrow(() -> new AssertionError(outageSpans));
        ReceivedSpan create = child(outage, request.spanId(), "create ", outageSpans);
        ReceivedSpan delivery = outage.stream()
                .filter(span -> span.name().startsWith("process "))
                .findFirst()
                .orElseThrow();
        ReceivedSpan published = outage.stream()
                .filter(span -> span.spanId().equals(delivery.parentSpanId()))
                .findFirst()
                .orElseThrow(
                        () -> new AssertionError("the delivery's parent is no span of the trace:\n" + outageSpans));
        assertTrue(published.name().startsWith("send "), outageSpans);
        assertEquals(create.spanId(), published.parentSpanId(), outageSpans);
        // Rounds that could not publish it (the broker away) are send spans of their own under the same create span.
        children(outage, create.spanId(), "send ").stream()
                .filter(span -> span != published)
                .forEach(failed -> assertFalse(failed.events().isEmpty(), "a failed round says why: " + outageSpans));
    }

    /**
     * The send span of an event's create span that published it: the parent of its delivery. A round the broker
     * refused or that was aborted is a send span too, a sibling without a delivery.
     */
    private static ReceivedSpan published(List<ReceivedSpan> trace, String create, String spans) {
        List<ReceivedSpan> rounds = children(trace, create, "send ");
        assertFalse(rounds.isEmpty(), "a send child of " + create + " in:\n" + spans);
        return rounds.stream()
                .filter(round -> !children(trace, round.spanId(), "process ").isEmpty())
                .findFirst()
                .orElseThrow(() -> new AssertionError("no send child of " + create + " was delivered:\n" + spans));
    }

    private static ReceivedSpan child(List<ReceivedSpan> trace, String parent, String name, String spans) {
        List<ReceivedSpan> children = children(trace, parent, name);
        assertEquals(1, children.size(), "one " + name + " child of " + parent + " in:\n" + spans);
        return children.get(0);
    }

    private static List<ReceivedSpan> children(List<ReceivedSpan> trace, String parent, String name) {
        return trace.stream()
                .filter(span ->
                        span.parentSpanId().equals(parent) && span.name().startsWith(name))
                .toList();
    }

    private static JsonObject only(ApiResponse page) {
        assertEquals(200, page.status(), page::toString);
        List<JsonObject> events = page.json().getJsonArray("events").getValuesAs(JsonObject.class);
        assertEquals(1, events.size(), page::toString);
        return events.get(0);
    }

    private static JsonObject json(String text) {
        try (var reader = Json.createReader(new StringReader(text))) {
            return reader.readObject();
        }
    }

    private static String traceIdOf(String traceparent) {
        return traceparent.substring(3, 35);
    }

    private static String spanIdOf(String traceparent) {
        return traceparent.substring(36, 52);
    }

    private static String hex(int bytes) {
        byte[] random = new byte[bytes];
        RANDOM.nextBytes(random);
        return HexFormat.of().formatHex(random);
    }
}
