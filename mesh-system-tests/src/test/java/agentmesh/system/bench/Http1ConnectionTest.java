package agentmesh.system.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The benchmark's HTTP/1.1 client against the JDK's HTTP server: bodies by length and chunked, kept-alive. */
class Http1ConnectionTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private HttpServer server;
    private URI base;
    private final Set<InetSocketAddress> clients = ConcurrentHashMap.newKeySet();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        // Echoes the request's method, body and bearer token, with a Content-Length.
        server.createContext("/echo", exchange -> {
            clients.add(exchange.getRemoteAddress());
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            answer(
                    exchange,
                    201,
                    exchange.getRequestMethod() + " " + body + " "
                            + exchange.getRequestHeaders().getFirst("Authorization"));
        });
        // Three pieces, each flushed as a chunk of its own, as an event stream sends its events.
        server.createContext("/stream", exchange -> {
            clients.add(exchange.getRemoteAddress());
            exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                for (String piece : List.of("id: 1\ndata: {\"a\":1}\n\n", "id: 2\n", "data: {\"é\":2}\n\n")) {
                    out.write(piece.getBytes(StandardCharsets.UTF_8));
                    out.flush();
                }
            }
        });
        server.createContext("/refuse", exchange -> {
            exchange.getResponseHeaders().add("Retry-After", "3");
            answer(exchange, 503, "{\"type\":\"https://example.org/problems/over-capacity\"}");
        });
        server.start();
        base = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void answersByLengthComeWholeAndTheConnectionIsKept() throws IOException {
        try (Http1Connection connection = new Http1Connection(base, TIMEOUT, TIMEOUT)) {
            Map<String, String> token = Map.of("Authorization", "Bearer t1");
            Http1Connection.Answer first =
                    connection.exchange(Http1Connection.request("POST", base.resolve("echo"), token, "{\"x\":\"ü\"}"));
            Http1Connection.Answer second =
                    connection.exchange(Http1Connection.request("GET", base.resolve("echo?q=1"), token, null));

            assertEquals(201, first.status());
            assertEquals("POST {\"x\":\"ü\"} Bearer t1", first.body(), "the body's length counted in bytes");
            assertEquals("GET  Bearer t1", second.body());
            assertTrue(connection.reusable());
            assertEquals(1, clients.size(), () -> "connections the server saw: " + clients);
        }
    }

    @Test
    void aChunkedBodyIsReadAcrossItsChunksAndTheConnectionGoesOn() throws IOException {
        try (Http1Connection connection = new Http1Connection(base, TIMEOUT, TIMEOUT)) {
            Http1Connection.Head head =
                    connection.send(Http1Connection.request("GET", base.resolve("stream"), Map.of(), null));
            String stream = new String(connection.body().readAllBytes(), StandardCharsets.UTF_8);
            Http1Connection.Answer after =
                    connection.exchange(Http1Connection.request("GET", base.resolve("echo"), Map.of(), null));

            assertEquals(200, head.status());
            assertEquals(Optional.of("chunked"), head.header("transfer-encoding"));
            assertEquals("id: 1\ndata: {\"a\":1}\n\nid: 2\ndata: {\"é\":2}\n\n", stream);
            assertEquals("GET  null", after.body());
            assertEquals(1, clients.size(), () -> "connections the server saw: " + clients);
        }
    }

    @Test
    void aRefusalIsNamedByItsStatusAndProblemTypeWithItsRetryAfter() throws IOException {
        try (Http1Connection connection = new Http1Connection(base, TIMEOUT, TIMEOUT)) {
            Http1Connection.Answer answer =
                    connection.exchange(Http1Connection.request("POST", base.resolve("refuse"), Map.of(), "{}"));

            assertEquals("503 over-capacity", OpenLoopSender.refusal(answer.status(), answer.head(), answer.body()));
            assertEquals(
                    "503 over-capacity WITHOUT Retry-After",
                    OpenLoopSender.refusal(503, new Http1Connection.Head(503, Map.of()), answer.body()));
        }
    }

    @Test
    void aConnectionTheServerEndedAfterAnAnswerIsStaleOneEndedBeforeAnyIsBroken() throws Exception {
        try (ServerSocket closer = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            URI at = URI.create("http://127.0.0.1:" + closer.getLocalPort() + "/");
            byte[] request = Http1Connection.request("GET", at, Map.of(), null);
            // Answers the first connection's first request; ends the second connection unanswered, then the first.
            Thread server = new Thread(() -> {
                try (Socket first = closer.accept()) {
                    first.getInputStream().read(new byte[request.length]);
                    first.getOutputStream()
                            .write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
                                    .getBytes(StandardCharsets.US_ASCII));
                    first.getOutputStream().flush();
                    try (Socket second = closer.accept()) {
                        second.getInputStream().read(new byte[request.length]);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            server.start();
            try (Http1Connection kept = new Http1Connection(at, TIMEOUT, TIMEOUT)) {
                assertEquals("ok", kept.exchange(request).body());
                try (Http1Connection broken = new Http1Connection(at, TIMEOUT, TIMEOUT)) {
                    IOException never = assertThrows(IOException.class, () -> broken.exchange(request));
                    assertFalse(never instanceof Http1Connection.StaleConnectionException, never::toString);
                }
                assertThrows(Http1Connection.StaleConnectionException.class, () -> kept.exchange(request));
            }
            server.join(TIMEOUT.toMillis());
        }
    }

    private static void answer(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
