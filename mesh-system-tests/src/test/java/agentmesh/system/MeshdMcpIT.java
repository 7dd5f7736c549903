package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.client.InboxEvent;
import agentmesh.client.MeshAdmin;
import agentmesh.client.MeshAgent;
import agentmesh.client.Message;
import agentmesh.client.Part;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The mesh's MCP tools driven by the official MCP client ({@code @modelcontextprotocol/sdk} from npm, unmodified,
 * installed by the build from the committed lockfile; {@code src/test/node/mcp-client.mjs}) against the real stack,
 * over stdio ({@code meshd mcp}, started by the client as hosts do) and over Streamable HTTP ({@code /mesh/mcp}, with
 * the agent's token): it lists the tools, sends a message to another agent, waits for the answer, reads the inbox.
 */
@ExtendWith(MeshStackExtension.class)
class MeshdMcpIT {

    private final URI base = MeshStackExtension.stack().config().baseUri();
    private final MeshAdmin admin =
            MeshAdmin.builder(base, MeshStackExtension.ADMIN_TOKEN).build();

    @Test
    void overStdioTheOfficialMcpClientListsTheToolsSendsAMessageAndReadsTheAnswer() throws Exception {
        conversation((host, peer) -> {
            JsonArrayBuilder meshd = Json.createArrayBuilder()
                    .add(Path.of(System.getProperty("java.home"), "bin", "java").toString())
                    .add("-jar")
                    .add(MeshdIT.JAR.toString())
                    .add("mcp")
                    .add("--url")
                    .add(base.toString())
                    .add("--agent")
                    .add(host.agentId());
            return Map.of("MESHD_COMMAND", meshd.build().toString(), "MESH_AGENT_TOKEN", host.token());
        });
    }

    @Test
    void overStreamableHttpTheMeshItselfServesTheToolsForTheAgentOfTheToken() throws Exception {
        conversation((host, peer) -> Map.of("MCP_URL", mcpEndpoint().toString(), "MESH_AGENT_TOKEN", host.token()));
    }

    @Test
    void theMeshsMcpEndpointRefusesAMissingOrAdminToken() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        HttpRequest.Builder initialize = HttpRequest.newBuilder(mcpEndpoint())
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\","
                        + "\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                        + "\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}}"));

        HttpResponse<String> anonymous = http.send(initialize.build(), HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> admin = http.send(
                initialize
                        .header("Authorization", "Bearer " + MeshStackExtension.ADMIN_TOKEN)
                        .build(),
                HttpResponse.BodyHandlers.ofString());

        for (HttpResponse<String> refused : List.of(anonymous, admin)) {
            assertEquals(401, refused.statusCode(), refused.body());
            assertEquals(
                    "application/problem+json",
                    refused.headers().firstValue("Content-Type").orElseThrow());
        }
    }

    /**
     * The npm client, run with the given environment, sends to a peer, waits for the peer's answer (sent here from
     * the peer's side) and reads its inbox; a send to an unknown agent comes back as an error result.
     */
    private void conversation(BiFunction<MeshAdmin.Credentials, MeshAdmin.Credentials, Map<String, String>> setup)
            throws Exception {
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        MeshAdmin.Credentials host = admin.registerAgent("host-" + suffix + "@mcp", "An LLM host's agent");
        MeshAdmin.Credentials peer = admin.registerAgent("peer-" + suffix + "@mcp", "Peer");
        admin.allow(host.agentId(), peer.agentId());
        MeshAgent peerClient =
                MeshAgent.builder(base, peer.agentId(), peer.token()).build();

        ProcessBuilder builder = new ProcessBuilder("node", "mcp-client.mjs")
                .directory(Path.of("src", "test", "node").toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        builder.environment().putAll(setup.apply(host, peer));
        builder.environment().put("PEER", peer.agentId());
        Process client = builder.start();
        InboxEvent.MessageEvent hello = await().atMost(Duration.ofSeconds(60))
                .until(() -> firstMessage(peerClient), message -> message != null);
        assertEquals("Hello over MCP", hello.parts().get(0).text());
        peerClient.send(Message.inTask(hello.taskId(), host.agentId(), Part.text("Hello back over the mesh")));
        assertTrue(client.waitFor(90, TimeUnit.SECONDS), "the MCP client finished");
        String output = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, client.exitValue(), output);

        JsonObject result = Json.createReader(
                        new StringReader(output.lines().reduce((a, b) -> b).orElseThrow()))
                .readObject();
        assertEquals(
                List.of(
                        "mesh_send_message",
                        "mesh_reply",
                        "mesh_update_task",
                        "mesh_add_artifact",
                        "mesh_read_task",
                        "mesh_read_inbox",
                        "mesh_wait_for_message"),
                result.getJsonArray("tools").getValuesAs(JsonString.class).stream()
                        .map(JsonString::getString)
                        .toList());
        assertFalse(result.getJsonObject("sent").getBoolean("isError", false), output);
        assertTrue(text(result, "sent").contains("\"taskId\":\"" + hello.taskId() + "\""), output);
        assertTrue(text(result, "answer").contains("Hello back over the mesh"), output);
        assertTrue(text(result, "inbox").contains("Hello back over the mesh"), output);
        assertTrue(result.getJsonObject("refused").getBoolean("isError"), output);
        assertTrue(text(result, "refused").contains("404"), output);
    }

    private URI mcpEndpoint() {
        return base.resolve("/mesh/mcp");
    }

    private static String text(JsonObject result, String call) {
        return result.getJsonObject(call)
                .getJsonArray("content")
                .getJsonObject(0)
                .getString("text");
    }

    private static InboxEvent.MessageEvent firstMessage(MeshAgent agent) {
        return agent.inbox(0L, 10, Duration.ZERO).events().stream()
                .filter(InboxEvent.MessageEvent.class::isInstance)
                .map(InboxEvent.MessageEvent.class::cast)
                .findFirst()
                .orElse(null);
    }
}
