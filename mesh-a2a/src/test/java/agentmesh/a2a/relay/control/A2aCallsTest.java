package agentmesh.a2a.relay.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.json.MeshJson;
import agentmesh.tracing.TraceContext;
import agentmesh.tracing.Tracing;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Outbound calls against a remote A2A server played by an in-process HTTP server on the loopback address: what they
 * return, and how every kind of slow or oversized answer is cut off within its bound.
 */
class A2aCallsTest {

    private static final RemoteLimits LIMITS = new RemoteLimits(
            Duration.ofSeconds(2),
            Duration.ofSeconds(1),
            Duration.ofSeconds(1),
            Duration.ofSeconds(3),
            Duration.ofSeconds(2),
            4096,
            2048);
    private static final UrlPolicy LAB = new UrlPolicy(true, true);
    private static final String TRACEPARENT = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    private static final JsonObject PARAMS = MeshJson.object().add("id", "rt-1").build();

    private final Map<String, Handler> handlers = new ConcurrentHashMap<>();
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final List<String> authorizations = new CopyOnWriteArrayList<>();
    private final List<String> traceparents = new CopyOnWriteArrayList<>();
    private final List<String> bodies = new CopyOnWriteArrayList<>();
    private final ExecutorService serverThreads = Executors.newCachedThreadPool();
    private HttpServer server;
    private String base;

    private interface Handler {
        void handle(HttpExchange exchange) throws IOException, InterruptedException;
    }

    @BeforeEach
    void startRemote() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            requests.add(exchange.getRequestURI().getPath());
            authorizations.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
            traceparents.add(String.valueOf(exchange.getRequestHeaders().getFirst("traceparent")));
            bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            try {
                handlers.getOrDefault(exchange.getRequestURI().getPath(), e -> reply(e, 404, "none"))
                        .handle(exchange);
            } catch (InterruptedException | IOException e) {
                // the test is over, or the mesh hung up
            } finally {
                exchange.close();
            }
        });
        server.setExecutor(serverThreads);
        server.start();
        base = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stopRemote() {
        server.stop(0);
        serverThreads.shutdownNow();
    }

    @Test
    void aJsonRpcResultIsTheResult() {
        handlers.put(
                "/rpc", e -> reply(e, 200, "{\"jsonrpc\":\"2.0\",\"id\":\"1\",\"result\":{\"task\":{\"id\":\"rt\"}}}"));
        A2aCalls.Result result = assertInstanceOf(A2aCalls.Result.class, call(target()));
        assertEquals("rt", result.result().getJsonObject("task").getString("id"));
    }

    @Test
    void aCallForATracedEventHandsItsContextOnInTheHeadersAndTheMessagesMetadata() {
        handlers.put("/rpc", e -> reply(e, 200, "{\"jsonrpc\":\"2.0\",\"id\":\"1\",\"result\":{}}"));
        JsonObject params = MeshJson.object()
                .add("message", MeshJson.object().add("messageId", "m-1"))
                .build();
        // Tracing off: the call's span is a no-op holding the event's context, which goes on unchanged.
        calls().call(target(), "SendMessage", params, TraceContext.of(TRACEPARENT, null), 0);
        calls().call(target(), "SendMessage", params, null, 0);

        assertEquals(List.of(TRACEPARENT, "null"), traceparents);
        assertEquals(
                TRACEPARENT,
                MeshJson.readObject(bodies.get(0))
                        .getJsonObject("params")
                        .getJsonObject("message")
                        .getJsonObject("metadata")
                        .getString("traceparent"));
        assertFalse(MeshJson.readObject(bodies.get(1))
                .getJsonObject("params")
                .getJsonObject("message")
                .containsKey("metadata"));
    }

    @Test
    void aPushForATracedEventHandsItsContextOnInTheHeaders() {
        handlers.put("/hook", e -> reply(e, 204, ""));
        calls().post(base + "/hook", Map.of(), "application/json", "{}", TraceContext.of(TRACEPARENT, null), 1);
        calls().post(base + "/hook", Map.of(), "application/json", "{}", null, 0);

        assertEquals(List.of(TRACEPARENT, "null"), traceparents);
    }

    @Test
    void aJsonRpcErrorKeepsItsCodeWhateverTheHttpStatus() {
        handlers.put(
                "/rpc",
                e -> reply(
                        e,
                        404,
                        "{\"jsonrpc\":\"2.0\",\"id\":\"1\",\"error\":{\"code\":-32001,"
                                + "\"message\":\"Task not found\"}}"));
        assertEquals(
                -32001, assertInstanceOf(A2aCalls.Refused.class, call(target())).code());
    }

    @Test
    void anAnswerLargerThanItsBoundIsRefusedNotBuffered() {
        handlers.put("/rpc", e -> reply(e, 200, "{\"result\":{\"x\":\"" + "a".repeat(10_000) + "\"}}"));
        String why = assertInstanceOf(A2aCalls.Refused.class, call(target())).why();
        assertTrue(why.contains("larger than 4096"), why);
    }

    @Test
    void aServerThatSendsNoHeadIsCutOffAfterTheFirstByteTime() {
        handlers.put("/rpc", e -> Thread.sleep(10_000));
        long start = System.nanoTime();
        assertInstanceOf(A2aCalls.Unreachable.class, call(target()));
        assertWithin(start, Duration.ofSeconds(3));
    }

    @Test
    void aServerThatPausesInItsAnswerIsCutOffAfterTheIdleTime() {
        handlers.put("/rpc", e -> {
            e.sendResponseHeaders(200, 0);
            e.getResponseBody().write("{\"result\":".getBytes(StandardCharsets.UTF_8));
            e.getResponseBody().flush();
            Thread.sleep(10_000);
        });
        long start = System.nanoTime();
        String why =
                assertInstanceOf(A2aCalls.Unreachable.class, call(target())).why();
        assertTrue(why.contains("paused"), why);
        assertWithin(start, Duration.ofMillis(2500));
    }

    @Test
    void aServerThatDripsItsAnswerIsCutOffAfterTheCallTime() {
        handlers.put("/rpc", e -> {
            e.sendResponseHeaders(200, 0);
            for (int i = 0; i < 100; i++) {
                e.getResponseBody().write(' ');
                e.getResponseBody().flush();
                Thread.sleep(300); // each byte well within the idle time
            }
        });
        long start = System.nanoTime();
        String why =
                assertInstanceOf(A2aCalls.Unreachable.class, call(target())).why();
        assertTrue(why.contains("longer than 3 s"), why);
        assertWithin(start, Duration.ofSeconds(5));
    }

    @Test
    void aStreamHandsOverEachEventAsItComes() {
        handlers.put(
                "/rpc",
                e -> stream(
                        e,
                        ": hello\r\n\r\nevent: message\r\ndata: {\"result\":{\"n\":1}}\r\n\r\n"
                                + "data: {\"result\":\r\ndata: {\"n\":2}}\n\n"));
        List<JsonObject> events = new CopyOnWriteArrayList<>();
        A2aCalls.Result ended = assertInstanceOf(
                A2aCalls.Result.class, calls().stream(target(), "SubscribeToTask", PARAMS, events::add));
        assertTrue(ended.result().isEmpty());
        assertEquals(
                List.of(1, 2), events.stream().map(event -> event.getInt("n")).toList());
    }

    @Test
    void aPlainAnswerToAStreamIsItsOneEvent() {
        handlers.put("/rpc", e -> reply(e, 200, "{\"jsonrpc\":\"2.0\",\"id\":\"1\",\"result\":{\"n\":7}}"));
        List<JsonObject> events = new CopyOnWriteArrayList<>();
        assertInstanceOf(A2aCalls.Result.class, calls().stream(target(), "SubscribeToTask", PARAMS, events::add));
        assertEquals(7, events.get(0).getInt("n"));
    }

    @Test
    void whatTheConsumerOfAStreamThrowsEscapesAsItIsNotAsAServerOutOfReach() {
        handlers.put("/rpc", e -> stream(e, "data: {\"result\":{\"n\":1}}\n\ndata: {\"result\":{\"n\":2}}\n\n"));
        ClassCastException unreadable = new ClassCastException("not an object");
        List<JsonObject> events = new CopyOnWriteArrayList<>();
        assertSame(
                unreadable,
                assertThrows(
                        ClassCastException.class,
                        () -> calls().stream(target(), "SubscribeToTask", PARAMS, event -> {
                            events.add(event);
                            throw unreadable;
                        })));
        assertEquals(1, events.size(), "the stream ends with what its consumer threw");
    }

    @Test
    void anIllegalArgumentFromTheConsumerOfAPlainAnswerEscapesAsItIsNotAsACallNotAllowed() {
        handlers.put("/rpc", e -> reply(e, 200, "{\"jsonrpc\":\"2.0\",\"id\":\"1\",\"result\":{\"n\":7}}"));
        IllegalArgumentException refused = new IllegalArgumentException("the mesh refuses this");
        assertSame(
                refused,
                assertThrows(
                        IllegalArgumentException.class,
                        () -> calls().stream(target(), "SubscribeToTask", PARAMS, event -> {
                            throw refused;
                        })));
    }

    @Test
    void aStreamEventLargerThanItsBoundEndsTheStream() {
        handlers.put("/rpc", e -> stream(e, "data: {\"result\":{\"n\":1}}\n\ndata: " + "x".repeat(5000) + "\n\n"));
        List<JsonObject> events = new CopyOnWriteArrayList<>();
        String why = assertInstanceOf(
                        A2aCalls.Refused.class, calls().stream(target(), "SubscribeToTask", PARAMS, events::add))
                .why();
        assertTrue(why.contains("larger than 2048"), why);
        assertEquals(1, events.size());
    }

    @Test
    void aStreamWithoutEventsForTheIdleTimeIsCutOff() {
        handlers.put("/rpc", e -> {
            stream(e, "");
            Thread.sleep(10_000);
        });
        long start = System.nanoTime();
        String why = assertInstanceOf(
                        A2aCalls.Unreachable.class, calls().stream(target(), "SubscribeToTask", PARAMS, event -> {}))
                .why();
        assertTrue(why.contains("no stream event"), why);
        assertWithin(start, Duration.ofMillis(2500));
    }

    @Test
    void aStreamKeptAliveForEverEndsAtItsTotalTime() {
        handlers.put("/rpc", e -> {
            stream(e, "");
            for (int i = 0; i < 100; i++) {
                e.getResponseBody().write(": still here\n\n".getBytes(StandardCharsets.UTF_8));
                e.getResponseBody().flush();
                Thread.sleep(300);
            }
        });
        long start = System.nanoTime();
        assertInstanceOf(A2aCalls.Result.class, calls().stream(target(), "SubscribeToTask", PARAMS, event -> {}));
        assertTrue(Duration.ofNanos(System.nanoTime() - start).compareTo(Duration.ofMillis(1800)) > 0);
        assertWithin(start, Duration.ofSeconds(4));
    }

    @Test
    void aRedirectIsNotFollowed() {
        handlers.put("/rpc", e -> {
            e.getResponseHeaders().add("Location", base + "/elsewhere");
            reply(e, 307, "");
        });
        handlers.put("/elsewhere", e -> reply(e, 200, "{\"result\":{}}"));
        String why = assertInstanceOf(A2aCalls.Refused.class, call(target())).why();
        assertTrue(why.contains("redirects are not followed"), why);
        assertEquals(List.of("/rpc"), requests);
    }

    @Test
    void theBearerTokenGoesToTheCardsOriginOnly() {
        handlers.put("/rpc", e -> reply(e, 200, "{\"result\":{\"ok\":true}}"));
        assertInstanceOf(A2aCalls.Result.class, call(target(base + "/card", "tok-1")));
        assertEquals(List.of("Bearer tok-1"), authorizations);

        A2aCalls.Reply offOrigin = call(target("http://127.0.0.1:1/card", "tok-1"));
        assertTrue(assertInstanceOf(A2aCalls.NotAllowed.class, offOrigin).why().contains("origin"));
        assertEquals(1, requests.size(), "nothing sent off the card's origin");
    }

    @Test
    void aCardEndpointOnALoopbackAddressIsNotCalledUnlessPrivateAddressesAreAllowed() {
        handlers.put("/rpc", e -> reply(e, 200, "{\"result\":{}}"));
        A2aCalls strict = new A2aCalls(LIMITS, new UrlPolicy(true, false), new Tracing());
        String why = assertInstanceOf(A2aCalls.NotAllowed.class, strict.call(target(), "GetTask", PARAMS))
                .why();
        assertTrue(why.contains("loopback"), why);
        assertTrue(requests.isEmpty());
    }

    @Test
    void anAgentWhoseTokenCannotBeOpenedWaitsInsteadOfBeingCalledWithout() {
        RemoteAgents.Target unreadable = new RemoteAgents.Target(
                "echo",
                base + "/card",
                base + "/rpc",
                "1.0",
                null,
                "the stored bearer token does not open",
                false,
                0,
                0,
                0);
        assertInstanceOf(A2aCalls.Unreachable.class, call(unreadable));
        assertTrue(requests.isEmpty());
    }

    @Test
    void aCardIsFetchedWithinItsBoundsAndWithItsToken() {
        handlers.put("/card", e -> reply(e, 200, "{\"name\":\"Echo\"}"));
        handlers.put("/big-card", e -> reply(e, 200, "{\"name\":\"" + "E".repeat(5000) + "\"}"));
        A2aCalls.Result card = assertInstanceOf(A2aCalls.Result.class, calls().card(base + "/card", "tok-2"));
        assertEquals("Echo", card.result().getString("name"));
        assertEquals("Bearer tok-2", authorizations.get(0));
        assertInstanceOf(A2aCalls.Refused.class, calls().card(base + "/big-card", null));
        assertInstanceOf(
                A2aCalls.NotAllowed.class,
                new A2aCalls(LIMITS, new UrlPolicy(false, true), new Tracing()).card(base + "/card", null),
                "plain http");
    }

    private A2aCalls calls() {
        return new A2aCalls(LIMITS, LAB, new Tracing());
    }

    private A2aCalls.Reply call(RemoteAgents.Target target) {
        return calls().call(target, "GetTask", PARAMS);
    }

    private RemoteAgents.Target target() {
        return target(base + "/card", null);
    }

    private RemoteAgents.Target target(String cardUrl, String secret) {
        return new RemoteAgents.Target("echo", cardUrl, base + "/rpc", "1.0", secret, null, true, 0, 0, 0);
    }

    private static void reply(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    private static void stream(HttpExchange exchange, String events) throws IOException {
        exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        exchange.getResponseBody().write(events.getBytes(StandardCharsets.UTF_8));
        exchange.getResponseBody().flush();
    }

    private static void assertWithin(long start, Duration bound) {
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertTrue(took.compareTo(bound) < 0, "took " + took.toMillis() + " ms");
    }
}
