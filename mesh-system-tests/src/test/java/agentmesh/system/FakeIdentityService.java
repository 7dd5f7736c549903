package agentmesh.system;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A remote identity service for the tests, on loopback: answers {@code GET /can-communicate?from=&to=} from a set
 * of allowed pairs, and can be made slow (answers after 5 s, without holding a thread) or failing (HTTP 500).
 */
public final class FakeIdentityService implements AutoCloseable {

    public enum Mode {
        HEALTHY,
        SLOW,
        FAILING
    }

    private final HttpServer server;
    private final ScheduledExecutorService delays = Executors.newSingleThreadScheduledExecutor();
    private final Set<String> allowed = ConcurrentHashMap.newKeySet();
    private final AtomicInteger calls = new AtomicInteger();
    private volatile Mode mode = Mode.HEALTHY;

    public FakeIdentityService(int port) {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 50);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/can-communicate", this::answer);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.start();
    }

    public URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    public void allow(String from, String to) {
        allowed.add(from + ">" + to);
    }

    public void mode(Mode newMode) {
        mode = newMode;
    }

    int calls() {
        return calls.get();
    }

    private void answer(HttpExchange exchange) {
        calls.incrementAndGet();
        switch (mode) {
            case HEALTHY -> respond(exchange);
            case SLOW -> delays.schedule(() -> respond(exchange), 5, TimeUnit.SECONDS);
            case FAILING -> send(exchange, 500, "{\"error\":\"down\"}");
        }
    }

    private void respond(HttpExchange exchange) {
        String query = exchange.getRequestURI().getQuery();
        String from = parameter(query, "from");
        String to = parameter(query, "to");
        send(exchange, 200, "{\"allowed\":" + allowed.contains(from + ">" + to) + "}");
    }

    private static String parameter(String query, String name) {
        for (String pair : query.split("&")) {
            String[] parts = pair.split("=", 2);
            if (parts[0].equals(name)) {
                return java.net.URLDecoder.decode(parts[1], StandardCharsets.UTF_8);
            }
        }
        return "";
    }

    private static void send(HttpExchange exchange, int status, String body) {
        try (exchange) {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
        } catch (IOException e) {
            // the caller gave up (its timeout); nothing to do
        }
    }

    @Override
    public void close() {
        server.stop(0);
        delays.shutdownNow();
    }
}
