package agentmesh.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What an admin cannot attach: a remote agent whose card would have the mesh send its bearer token to another origin,
 * a card larger than the mesh reads, a card URL that redirects. Each is a 400 that names the reason, and nothing is
 * attached. The cards are served by an HTTP server inside the test, on the loopback address (the test stack allows
 * plain http and private addresses for remote agents).
 */
@ExtendWith(MeshStackExtension.class)
class A2aRemoteAgentAttachIT {

    private final MeshClient mesh = MeshClient.forStack();
    private final List<String> authorizations = new CopyOnWriteArrayList<>();
    private HttpServer cards;
    private String base;

    @BeforeEach
    void serveCards() throws IOException {
        cards = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        base = "http://127.0.0.1:" + cards.getAddress().getPort();
        cards.createContext("/off-origin.json", exchange -> {
            authorizations.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
            send(exchange, 200, card("http://127.0.0.1:" + (cards.getAddress().getPort() + 1) + "/rpc"));
        });
        cards.createContext(
                "/huge.json", exchange -> send(exchange, 200, "{\"name\":\"" + "E".repeat(3 << 20) + "\"}"));
        cards.createContext("/moved.json", exchange -> {
            exchange.getResponseHeaders().add("Location", base + "/off-origin.json");
            send(exchange, 302, "");
        });
        cards.start();
    }

    @AfterEach
    void stopCards() {
        cards.stop(0);
    }

    @Test
    void aBearerTokenForAnEndpointOffTheCardsOriginIsRefused() {
        MeshClient.Agent agent = mesh.registerAgent("remote-off-origin");
        ApiResponse refused = attach(agent, base + "/off-origin.json", "token-for-the-card-origin");
        assertEquals(400, refused.status(), refused.body());
        assertTrue(refused.body().contains("origin"), refused.body());
        assertFalse(refused.body().contains("token-for-the-card-origin"), "the token is never returned");
        assertEquals(
                404,
                mesh.get("admin/agents/" + agent.id() + "/remote", MeshStackExtension.ADMIN_TOKEN)
                        .status());

        // Without a token there is nothing to keep to the card's origin.
        ApiResponse attached = attach(agent, base + "/off-origin.json", null);
        assertEquals(200, attached.status(), attached.body());
        assertEquals(
                204,
                mesh.delete("admin/agents/" + agent.id() + "/remote", MeshStackExtension.ADMIN_TOKEN)
                        .status());
    }

    @Test
    void aCardLargerThanTheMeshReadsIsRefused() {
        ApiResponse refused = attach(mesh.registerAgent("remote-huge"), base + "/huge.json", null);
        assertEquals(400, refused.status(), refused.body());
        assertTrue(refused.body().contains("larger than"), refused.body());
    }

    @Test
    void aCardUrlThatRedirectsIsNotFollowed() {
        ApiResponse refused = attach(mesh.registerAgent("remote-moved"), base + "/moved.json", "a-token");
        assertEquals(400, refused.status(), refused.body());
        assertTrue(refused.body().contains("302"), refused.body());
        assertTrue(authorizations.isEmpty(), "the token did not follow the redirect");
    }

    private ApiResponse attach(MeshClient.Agent agent, String cardUrl, String token) {
        return mesh.put(
                "admin/agents/" + agent.id() + "/remote",
                MeshStackExtension.ADMIN_TOKEN,
                "{\"cardUrl\":\"" + cardUrl + "\"" + (token == null ? "" : ",\"bearerToken\":\"" + token + "\"") + "}");
    }

    private static String card(String endpoint) {
        return "{\"name\":\"Elsewhere\",\"capabilities\":{\"streaming\":false},\"supportedInterfaces\":[{\"url\":\""
                + endpoint + "\",\"protocolBinding\":\"JSONRPC\",\"protocolVersion\":\"1.0\"}]}";
    }

    private static void send(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
        exchange.close();
    }
}
