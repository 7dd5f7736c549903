package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.system.MeshClient.Agent;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The MCP endpoint's tools act in-process, not through the mesh's API over HTTP: with every one of the agent's API
 * places taken (its share of requests at once, by uploads that never finish), the agent's own API requests are
 * refused, and its MCP tools still send and read — a tool that called the API would be refused with them.
 */
@ExtendWith(MeshStackExtension.class)
class McpInProcessIT {

    /** The agent's share of API requests at once, mesh.http.max-requests-per-agent (the default). */
    private static final int AGENT_SHARE = 8;

    private final MeshClient mesh = MeshClient.forStack();
    private final URI api = MeshStackExtension.stack().config().baseUri();

    @Test
    void theToolsActWhileEveryApiPlaceOfTheAgentIsTaken() throws Exception {
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        McpHttp mcp = new McpHttp(api.resolve("../../mcp"), alice.token());

        List<Socket> stalled = new ArrayList<>();
        try {
            for (int i = 0; i < AGENT_SHARE; i++) {
                stalled.add(unfinishedUpload(api.resolve("messages"), alice.token()));
            }
            await().atMost(Duration.ofSeconds(5))
                    .until(() -> mesh.get("tasks", alice.token()).status() == 429);
            ApiResponse refused = mesh.get("tasks", alice.token());
            assertTrue(refused.toString().contains("too-many-requests-at-once"), refused::toString);

            HttpResponse<String> sent = mcp.callTool(
                    "mesh_send_message",
                    Json.createObjectBuilder()
                            .add("to", bob.id())
                            .add("text", "sent while the API is shut to me")
                            .build());
            HttpResponse<String> read = mcp.callTool(
                    "mesh_read_task",
                    Json.createObjectBuilder().add("taskId", taskId(sent)).build());

            assertEquals(200, sent.statusCode(), sent.body());
            assertFalse(McpHttp.result(sent).getBoolean("isError", false), sent.body());
            assertFalse(McpHttp.result(read).getBoolean("isError", false), read.body());
            assertTrue(McpHttp.text(McpHttp.result(read)).contains("sent while the API is shut to me"), read.body());
            assertEquals(429, mesh.get("tasks", alice.token()).status(), "the uploads still hold alice's share");
        } finally {
            for (Socket socket : stalled) {
                socket.close();
            }
        }
    }

    @Test
    void aToolsRefusalIsTheProblemTheApiWouldAnswer() throws Exception {
        Agent alice = mesh.registerAgent("alice");
        Agent carol = mesh.registerAgent("carol"); // no contact of alice's
        McpHttp mcp = new McpHttp(api.resolve("../../mcp"), alice.token());

        JsonObject strangers = McpHttp.result(mcp.callTool(
                "mesh_send_message",
                Json.createObjectBuilder()
                        .add("to", carol.id())
                        .add("text", "hi")
                        .build()));
        JsonObject badId = McpHttp.result(mcp.callTool(
                "mesh_send_message",
                Json.createObjectBuilder()
                        .add("to", "no spaces allowed")
                        .add("text", "hi")
                        .build()));
        ApiResponse apiAnswer = mesh.post("messages", alice.token(), MeshClient.textMessage(null, carol, null, "hi"));

        assertTrue(strangers.getBoolean("isError"));
        assertTrue(
                McpHttp.text(strangers).startsWith("{\"error\":\"" + apiAnswer.status() + " "),
                () -> McpHttp.text(strangers) + " / the API: " + apiAnswer);
        assertTrue(McpHttp.text(strangers).contains(apiAnswer.json().getString("detail")), McpHttp.text(strangers));
        assertTrue(badId.getBoolean("isError"));
        assertTrue(
                McpHttp.text(badId).contains("400 Invalid request: to must be 3-128 characters"), McpHttp.text(badId));
    }

    private static String taskId(HttpResponse<String> sent) {
        return Json.createReader(new StringReader(McpHttp.text(McpHttp.result(sent))))
                .readObject()
                .getString("taskId");
    }

    // A send whose body never comes: it holds one of the agent's places until the body's read times out (10 s).
    private static Socket unfinishedUpload(URI uri, String token) throws IOException {
        Socket socket = new Socket(uri.getHost(), uri.getPort());
        OutputStream out = socket.getOutputStream();
        out.write(("POST " + uri.getRawPath() + " HTTP/1.1\r\nHost: " + uri.getHost() + ":" + uri.getPort()
                        + "\r\nAuthorization: Bearer " + token + "\r\nContent-Type: application/json"
                        + "\r\nContent-Length: 1000\r\n\r\n{")
                .getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        return socket;
    }
}
