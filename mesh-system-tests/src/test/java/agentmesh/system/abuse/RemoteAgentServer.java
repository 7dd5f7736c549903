package agentmesh.system.abuse;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A remote A2A agent (0.3 JSON-RPC, on the loopback address) that the mesh relays to, in one of the ways a remote
 * server can behave: well, or as an attacker would — dripping its answer, answering 100 MB, or opening a task whose
 * stream never ends. A well-behaved one notes when each message's text arrived.
 */
final class RemoteAgentServer implements AutoCloseable {

    enum Behaviour {
        WELL,
        DRIPS,
        ANSWERS_100_MB,
        NEVER_ENDS_ITS_STREAM
    }

    private static final Duration DRIP = Duration.ofSeconds(2);
    private static final long HUGE = 100L << 20;

    private final Behaviour behaviour;
    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final Map<String, Long> arrivedNanos = new ConcurrentHashMap<>();
    private final AtomicInteger open = new AtomicInteger();
    private volatile boolean stopped;

    RemoteAgentServer(Behaviour behaviour) throws IOException {
        this.behaviour = behaviour;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(threads);
        server.createContext("/.well-known/agent-card.json", exchange -> send(exchange, 200, card()));
        server.createContext("/rpc", this::call);
        server.start();
    }

    String cardUrl() {
        return base() + "/.well-known/agent-card.json";
    }

    /** When each message's text arrived, by {@link System#nanoTime()}. */
    Map<String, Long> arrivedNanos() {
        return arrivedNanos;
    }

    /** The calls this server is answering now (a dripping answer or a stream held open). */
    int open() {
        return open.get();
    }

    @Override
    public void close() {
        stopped = true;
        server.stop(0);
        threads.shutdownNow();
        try {
            threads.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private String base() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private String card() {
        return Json.createObjectBuilder()
                .add("name", behaviour.name().toLowerCase())
                .add("description", "a test")
                .add("url", base() + "/rpc")
                .add("preferredTransport", "JSONRPC")
                .add("protocolVersion", "0.3.0")
                .add("version", "1")
                .add("capabilities", Json.createObjectBuilder().add("streaming", true))
                .add("defaultInputModes", Json.createArrayBuilder().add("text/plain"))
                .add("defaultOutputModes", Json.createArrayBuilder().add("text/plain"))
                .add("skills", Json.createArrayBuilder())
                .build()
                .toString();
    }

    private void call(HttpExchange exchange) throws IOException {
        JsonObject request;
        try (var in = exchange.getRequestBody()) {
            request = Json.createReader(new StringReader(new String(in.readAllBytes(), StandardCharsets.UTF_8)))
                    .readObject();
        }
        String method = request.getString("method", "");
        var id = request.get("id");
        open.incrementAndGet();
        try {
            switch (behaviour) {
                case WELL -> {
                    JsonObject message = request.getJsonObject("params").getJsonObject("message");
                    arrivedNanos.putIfAbsent(
                            message.getJsonArray("parts").getJsonObject(0).getString("text"), System.nanoTime());
                    send(
                            exchange,
                            200,
                            answer(
                                    id,
                                    Json.createObjectBuilder()
                                            .add("kind", "message")
                                            .add("role", "agent")
                                            .add("messageId", UUID.randomUUID().toString())
                                            .add(
                                                    "parts",
                                                    Json.createArrayBuilder()
                                                            .add(Json.createObjectBuilder()
                                                                    .add("kind", "text")
                                                                    .add("text", "ok")))
                                            .build()));
                }
                case DRIPS -> drip(exchange);
                case ANSWERS_100_MB -> huge(exchange, id);
                case NEVER_ENDS_ITS_STREAM -> {
                    if (method.equals("tasks/resubscribe")) {
                        endlessStream(
                                exchange, id, request.getJsonObject("params").getString("id"));
                    } else {
                        String taskId = method.equals("tasks/get")
                                ? request.getJsonObject("params").getString("id")
                                : "t-" + UUID.randomUUID();
                        send(
                                exchange,
                                200,
                                answer(
                                        id,
                                        Json.createObjectBuilder()
                                                .add("kind", "task")
                                                .add("id", taskId)
                                                .add("contextId", "c-" + taskId)
                                                .add(
                                                        "status",
                                                        Json.createObjectBuilder()
                                                                .add("state", "working"))
                                                .build()));
                    }
                }
            }
        } catch (IOException e) {
            // the mesh hung up: what a bounded client does to such a server
        } finally {
            open.decrementAndGet();
            exchange.close();
        }
    }

    private void drip(HttpExchange exchange) throws IOException {
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, 0);
        OutputStream body = exchange.getResponseBody();
        body.write('{');
        body.flush();
        while (!stopped) {
            LockSupport.parkNanos(DRIP.toNanos()); // the drip is the behaviour under test, not a wait on the mesh
            body.write(' ');
            body.flush();
        }
    }

    private void huge(HttpExchange exchange, jakarta.json.JsonValue id) throws IOException {
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, 0);
        OutputStream body = exchange.getResponseBody();
        body.write(("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":{\"kind\":\"message\",\"role\":\"agent\","
                        + "\"messageId\":\"huge\",\"parts\":[{\"kind\":\"text\",\"text\":\"")
                .getBytes(StandardCharsets.UTF_8));
        byte[] chunk = "x".repeat(64 * 1024).getBytes(StandardCharsets.UTF_8);
        for (long written = 0; written < HUGE && !stopped; written += chunk.length) {
            body.write(chunk);
        }
        body.write("\"}]}}".getBytes(StandardCharsets.UTF_8));
    }

    private void endlessStream(HttpExchange exchange, jakarta.json.JsonValue id, String taskId) throws IOException {
        exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        OutputStream body = exchange.getResponseBody();
        JsonObject working = Json.createObjectBuilder()
                .add("kind", "status-update")
                .add("taskId", taskId)
                .add("contextId", "c-" + taskId)
                .add("final", false)
                .add("status", Json.createObjectBuilder().add("state", "working"))
                .build();
        body.write(("data: " + answer(id, working) + "\n\n").getBytes(StandardCharsets.UTF_8));
        body.flush();
        while (!stopped) {
            LockSupport.parkNanos(Duration.ofSeconds(1).toNanos()); // a keep-alive a second, and never an end
            body.write(": keep-alive\n\n".getBytes(StandardCharsets.UTF_8));
            body.flush();
        }
    }

    private static String answer(jakarta.json.JsonValue id, JsonObject result) {
        return Json.createObjectBuilder()
                .add("jsonrpc", "2.0")
                .add("id", id)
                .add("result", result)
                .build()
                .toString();
    }

    private static void send(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
