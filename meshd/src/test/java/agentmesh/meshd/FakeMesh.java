package agentmesh.meshd;

import agentmesh.client.MeshAgent;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A local HTTP server that keeps one task between {@link #REQUESTER} and {@link #ASSIGNEE} the way the mesh does:
 * a message id stores its message once (the same content again is answered with the original, other content is a
 * 409), an artifact id is taken once (409 after), and a status move out of a terminal state is a 409. Every request
 * the agent makes is recorded, so a test sees what meshd's actions asked of the mesh.
 */
final class FakeMesh implements AutoCloseable {

    static final String TASK = "t-1";
    static final String REQUESTER = "alice@example";
    static final String ASSIGNEE = "bob@example";
    private static final String NOW = "2026-12-06T10:00:00Z";

    /** A request as the fake saw it. */
    record Request(String method, String path, JsonObject body) {}

    private final HttpServer server;
    final List<Request> requests = new CopyOnWriteArrayList<>();
    private final Map<String, JsonObject> messages = new ConcurrentHashMap<>();
    private final Set<String> artifacts = ConcurrentHashMap.newKeySet();
    private volatile String state = "working";

    FakeMesh() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::answer);
        server.start();
    }

    /** The agent {@code agentId} talking to this fake. */
    MeshAgent agent(String agentId) {
        return MeshAgent.builder(
                        URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/mesh/api/v1/"),
                        agentId,
                        "token")
                .build();
    }

    void state(String state) {
        this.state = state;
    }

    String state() {
        return state;
    }

    List<Request> requests(String method, String path) {
        return requests.stream()
                .filter(r -> r.method().equals(method) && r.path().equals("/mesh/api/v1/" + path))
                .toList();
    }

    /** Messages as the mesh stored them, by id. */
    Map<String, JsonObject> stored() {
        return Map.copyOf(messages);
    }

    Set<String> artifactIds() {
        return Set.copyOf(artifacts);
    }

    private void answer(HttpExchange exchange) throws IOException {
        String text = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        JsonObject body = text.isEmpty()
                ? null
                : Json.createReader(new StringReader(text)).readObject();
        String method = exchange.getRequestMethod();
        String path = exchange.getRequestURI().getPath();
        requests.add(new Request(method, path, body));
        String tail = path.substring("/mesh/api/v1/".length());
        switch (method + " " + tail) {
            case "POST messages" -> send(exchange, body);
            case "GET tasks/" + TASK -> reply(exchange, 200, task());
            case "POST tasks/" + TASK + "/status" -> changeStatus(exchange, body);
            case "POST tasks/" + TASK + "/artifacts" -> addArtifact(exchange, body);
            default -> problem(exchange, 404, "no route " + method + " " + tail);
        }
    }

    private synchronized void send(HttpExchange exchange, JsonObject body) throws IOException {
        String id = body.getString("messageId");
        JsonObject before = messages.get(id);
        if (before != null && !before.equals(body)) {
            problem(exchange, 409, id + " was sent with other content");
            return;
        }
        messages.putIfAbsent(id, body);
        reply(
                exchange,
                before == null ? 201 : 200,
                Json.createObjectBuilder()
                        .add("messageId", id)
                        .add("taskId", body.getString("taskId", TASK))
                        .add("contextId", "c-1")
                        .add("seq", messages.size())
                        .add("createdAt", NOW)
                        .build());
    }

    private synchronized void changeStatus(HttpExchange exchange, JsonObject body) throws IOException {
        if (List.of("completed", "failed", "canceled", "rejected").contains(state)) {
            problem(exchange, 409, "the task is " + state);
            return;
        }
        state = body.getString("state");
        reply(exchange, 200, status());
    }

    private void addArtifact(HttpExchange exchange, JsonObject body) throws IOException {
        String id = body.getString("artifactId");
        if (!artifacts.add(id)) {
            problem(exchange, 409, "artifact " + id + " exists");
            return;
        }
        reply(
                exchange,
                201,
                Json.createObjectBuilder()
                        .add("artifactId", id)
                        .add("name", body.getString("name"))
                        .add("parts", body.getJsonArray("parts"))
                        .add("createdAt", NOW)
                        .build());
    }

    private JsonObject task() {
        return Json.createObjectBuilder()
                .add("taskId", TASK)
                .add("contextId", "c-1")
                .add("requester", REQUESTER)
                .add("assignee", ASSIGNEE)
                .add("status", status())
                .add("history", Json.createArrayBuilder())
                .add("artifacts", Json.createArrayBuilder())
                .add("createdAt", NOW)
                .add("updatedAt", NOW)
                .build();
    }

    private JsonObject status() {
        return Json.createObjectBuilder()
                .add("state", state)
                .add("timestamp", NOW)
                .build();
    }

    private static void problem(HttpExchange exchange, int status, String detail) throws IOException {
        write(
                exchange,
                status,
                "application/problem+json",
                Json.createObjectBuilder()
                        .add("type", "about:blank")
                        .add("title", "refused")
                        .add("status", status)
                        .add("detail", detail)
                        .build());
    }

    private static void reply(HttpExchange exchange, int status, JsonObject body) throws IOException {
        write(exchange, status, "application/json", body);
    }

    private static void write(HttpExchange exchange, int status, String type, JsonObject body) throws IOException {
        byte[] bytes = body.toString().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
