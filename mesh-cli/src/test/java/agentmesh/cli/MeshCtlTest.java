package agentmesh.cli;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** meshctl against a local stand-in for the mesh: what it sends, prints and exits with. */
class MeshCtlTest {

    private HttpServer server;
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void aStandIn() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/mesh/api/v1/messages", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            requests.add(exchange.getRequestHeaders().getFirst("Authorization") + " " + body);
            boolean conflict = body.contains("\"messageId\":\"m-taken\"");
            byte[] answer = (conflict
                    ? "{\"type\":\"about:blank\",\"title\":\"Message id reused\",\"status\":409}"
                    : "{\"messageId\":\"m-1\",\"taskId\":\"t-1\",\"contextId\":\"c-1\",\"seq\":1,"
                    + "\"createdAt\":\"2026-12-03T10:00:00Z\"}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type",
                    conflict ? "application/problem+json" : "application/json");
            exchange.sendResponseHeaders(conflict ? 409 : 201, answer.length);
            try (OutputStream response = exchange.getResponseBody()) {
                response.write(answer);
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private int meshctl(String... args) {
        Map<String, String> environment = Map.of("MESH_URL",
                "http://127.0.0.1:" + server.getAddress().getPort() + "/mesh/api/v1/",
                "MESH_AGENT_ID", "alice@example", "MESH_AGENT_TOKEN", "alice-token");
        return MeshCtl.run(args, environment, new PrintStream(out, true), new PrintStream(err, true));
    }

    @Test
    void sendTakesTheRestOfTheLineAsTheTextAndPrintsTheReceipt() {
        assertEquals(0, meshctl("send", "bob@example", "Please", "review", "PR", "42"));

        assertTrue(requests.get(0).startsWith("Bearer alice-token "));
        assertTrue(requests.get(0).contains("\"text\":\"Please review PR 42\""), requests.get(0));
        assertEquals("sent: m-1 in task t-1 (#1)\n", out.toString());
    }

    @Test
    void jsonOutputIsTheReceiptsFields() {
        assertEquals(0, meshctl("--json", "send", "bob@example", "hi"));

        assertTrue(out.toString().startsWith("{\"messageId\":\"m-1\",\"taskId\":\"t-1\""), out.toString());
    }

    @Test
    void aRefusalExitsWithItsKindsStatus() {
        assertEquals(6, meshctl("send", "bob@example", "hi", "--id", "m-taken"));
        assertTrue(err.toString().contains("409 Message id reused"), err.toString());
    }

    @Test
    void aWrongCommandLineExitsWith2AndTheUsage() {
        assertEquals(2, meshctl("task", "frobnicate", "t-1"));
        assertTrue(err.toString().contains("usage: meshctl"));
        assertEquals(2, meshctl("send"));
        assertEquals(0, meshctl("--help"));
    }

    @Test
    void anUnreachableMeshExitsWith9() {
        server.stop(0);
        assertEquals(9, MeshCtl.run(new String[] {"--url", "http://127.0.0.1:1/mesh/api/v1/", "ack", "3"},
                Map.of("MESH_AGENT_ID", "a@b", "MESH_AGENT_TOKEN", "t"), new PrintStream(out), new PrintStream(err)));
    }
}
