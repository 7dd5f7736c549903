package agentmesh.system;

import agentmesh.client.InboxEvent;
import agentmesh.client.MeshAdmin;
import agentmesh.client.MeshAgent;
import agentmesh.client.Message;
import agentmesh.client.Part;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code meshd mcp} driven over stdio by the official MCP client ({@code @modelcontextprotocol/sdk} from npm,
 * unmodified, installed by the build from the committed lockfile; {@code src/test/node/mcp-client.mjs}) against the
 * real stack: it lists the tools, sends a message to another agent, waits for the answer and reads the inbox.
 */
@ExtendWith(MeshStackExtension.class)
class MeshdMcpIT {

    private final URI base = MeshStackExtension.stack().config().baseUri();
    private final MeshAdmin admin = MeshAdmin.connect(base, MeshStackExtension.ADMIN_TOKEN);

    @Test
    void theOfficialMcpClientListsTheToolsSendsAMessageAndReadsTheAnswer() throws Exception {
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        MeshAdmin.Credentials host = admin.registerAgent("host-" + suffix + "@mcp", "An LLM host's agent");
        MeshAdmin.Credentials peer = admin.registerAgent("peer-" + suffix + "@mcp", "Peer");
        admin.allow(host.agentId(), peer.agentId());
        MeshAgent peerClient = MeshAgent.builder(base, peer.agentId(), peer.token()).build();

        Process client = mcpClient(host, peer.agentId());
        InboxEvent.MessageEvent hello = await().atMost(Duration.ofSeconds(60))
                .until(() -> firstMessage(peerClient), message -> message != null);
        assertEquals("Hello over MCP", hello.parts().get(0).text());
        peerClient.send(Message.inTask(hello.taskId(), host.agentId(), Part.text("Hello back over the mesh")));
        assertTrue(client.waitFor(90, TimeUnit.SECONDS), "the MCP client finished");
        String output = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, client.exitValue(), output);

        JsonObject result = Json.createReader(new StringReader(output.lines().reduce((a, b) -> b).orElseThrow()))
                .readObject();
        assertEquals(List.of("mesh_send_message", "mesh_reply", "mesh_update_task", "mesh_add_artifact",
                        "mesh_read_task", "mesh_read_inbox", "mesh_wait_for_message"),
                result.getJsonArray("tools").getValuesAs(JsonString.class).stream().map(JsonString::getString)
                        .toList());
        assertFalse(result.getJsonObject("sent").getBoolean("isError", false), output);
        assertTrue(text(result, "sent").contains("\"taskId\":\"" + hello.taskId() + "\""), output);
        assertTrue(text(result, "answer").contains("Hello back over the mesh"), output);
        assertTrue(text(result, "inbox").contains("Hello back over the mesh"), output);
        assertTrue(result.getJsonObject("refused").getBoolean("isError"), output);
        assertTrue(text(result, "refused").contains("404"), output);
    }

    private static String text(JsonObject result, String call) {
        return result.getJsonObject(call).getJsonArray("content").getJsonObject(0).getString("text");
    }

    private static InboxEvent.MessageEvent firstMessage(MeshAgent agent) {
        return agent.inbox(0L, 10, Duration.ZERO).events().stream()
                .filter(InboxEvent.MessageEvent.class::isInstance).map(InboxEvent.MessageEvent.class::cast)
                .findFirst().orElse(null);
    }

    /** The npm client, which starts {@code meshd mcp} for the host's agent itself, as an LLM host does. */
    private Process mcpClient(MeshAdmin.Credentials host, String peer) throws IOException {
        JsonArrayBuilder meshd = Json.createArrayBuilder()
                .add(Path.of(System.getProperty("java.home"), "bin", "java").toString())
                .add("-jar").add(MeshdIT.JAR.toString()).add("mcp")
                .add("--url").add(base.toString()).add("--agent").add(host.agentId());
        ProcessBuilder builder = new ProcessBuilder("node", "mcp-client.mjs")
                .directory(Path.of("src", "test", "node").toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        builder.environment().put("MESHD_COMMAND", meshd.build().toString());
        builder.environment().put("PEER", peer);
        builder.environment().put("MESH_AGENT_TOKEN", host.token());
        return builder.start();
    }
}
