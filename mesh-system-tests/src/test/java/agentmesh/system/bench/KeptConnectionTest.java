package agentmesh.system.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A thread's kept connection against a server that ends each connection after one answer, as an idle close does. */
class KeptConnectionTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private ServerSocket server;
    private Thread serving;
    private final AtomicInteger connections = new AtomicInteger();
    private URI origin;

    @BeforeEach
    void start() throws IOException {
        server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
        origin = URI.create("http://127.0.0.1:" + server.getLocalPort() + "/");
        // Each connection: one request's head read, one answer naming the connection, then the end (no
        // "Connection: close": the client learns of it only at its next request).
        serving = new Thread(() -> {
            while (!server.isClosed()) {
                try (Socket socket = server.accept()) {
                    int number = connections.incrementAndGet();
                    readHead(socket.getInputStream());
                    String body = "connection " + number;
                    socket.getOutputStream()
                            .write(("HTTP/1.1 200 OK\r\nContent-Length: " + body.length() + "\r\n\r\n" + body)
                                    .getBytes(StandardCharsets.US_ASCII));
                } catch (IOException e) {
                    // the server socket closed: done
                }
            }
        });
        serving.setDaemon(true);
        serving.start();
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
        serving.join(TIMEOUT.toMillis());
    }

    @Test
    void aRequestOnAConnectionTheServerEndedGoesAgainOnANewOne() throws IOException {
        byte[] request = Http1Connection.request("GET", origin, Map.of(), null);
        try (KeptConnection connection = new KeptConnection(origin, TIMEOUT)) {
            assertEquals("connection 1", connection.exchange(request).body());
            assertEquals("connection 2", connection.exchange(request).body());
            assertEquals("connection 3", connection.exchange(request).body());
        }
        assertEquals(3, connections.get());
    }

    @Test
    void aClosedConnectionMakesNoMoreRequests() throws IOException {
        byte[] request = Http1Connection.request("GET", origin, Map.of(), null);
        KeptConnection connection = new KeptConnection(origin, TIMEOUT);
        assertEquals("connection 1", connection.exchange(request).body());

        connection.close();

        assertThrows(IOException.class, () -> connection.exchange(request));
        assertEquals(1, connections.get());
    }

    private static void readHead(InputStream in) throws IOException {
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        for (int b = in.read(); b >= 0 && matched < end.length; b = in.read()) {
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
            if (matched == end.length) {
                return;
            }
        }
    }
}
