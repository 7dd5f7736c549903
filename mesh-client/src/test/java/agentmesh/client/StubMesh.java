package agentmesh.client;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A local HTTP server standing in for the mesh in unit tests: each path answers from a script of responses, in
 * order (the last one repeats), and every request is recorded.
 */
final class StubMesh implements AutoCloseable {

    /** What the stub answers: a whole response, after which the exchange ends (a stream ends with it). */
    record Reply(int status, String contentType, String body, Map<String, String> headers) {

        static Reply json(int status, String body) {
            return new Reply(status, "application/json", body, Map.of());
        }

        static Reply problem(int status, String body, Map<String, String> headers) {
            return new Reply(status, "application/problem+json", body, headers);
        }

        static Reply html(int status, String body) {
            return new Reply(status, "text/html", body, Map.of());
        }

        static Reply events(String body) {
            return new Reply(200, "text/event-stream", body, Map.of());
        }
    }

    /** A request as the stub saw it. */
    record Request(String method, String path, String query, Map<String, List<String>> headers, String body) {

        String header(String name) {
            return headers.entrySet().stream()
                    .filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().get(0))
                    .findFirst()
                    .orElse(null);
        }
    }

    private final HttpServer server;
    private final Map<String, Deque<Reply>> scripts = new ConcurrentHashMap<>();
    final List<Request> requests = new CopyOnWriteArrayList<>();

    StubMesh() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::answer);
        server.start();
    }

    URI baseUrl() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/mesh/api/v1/");
    }

    /** Scripts the answers of a path (without the base, e.g. {@code messages}), in order. */
    StubMesh on(String path, Reply... replies) {
        scripts.put("/mesh/api/v1/" + path, new ArrayDeque<>(List.of(replies)));
        return this;
    }

    List<Request> requestsTo(String path) {
        return requests.stream()
                .filter(r -> r.path().equals("/mesh/api/v1/" + path))
                .toList();
    }

    private void answer(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        requests.add(new Request(
                exchange.getRequestMethod(),
                exchange.getRequestURI().getPath(),
                exchange.getRequestURI().getRawQuery(),
                Map.copyOf(exchange.getRequestHeaders()),
                body));
        Deque<Reply> script = scripts.get(exchange.getRequestURI().getPath());
        Reply reply = script == null ? Reply.html(404, "no script") : script.size() > 1 ? script.poll() : script.peek();
        exchange.getResponseHeaders().set("Content-Type", reply.contentType());
        reply.headers().forEach(exchange.getResponseHeaders()::set);
        byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(reply.status(), bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
