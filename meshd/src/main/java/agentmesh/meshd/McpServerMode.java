package agentmesh.meshd;

import agentmesh.client.MeshAgent;
import agentmesh.mcp.tools.MeshToolDefinitions;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;

/**
 * {@code meshd mcp}: one agent's side of the mesh as an MCP server over stdio, the way LLM hosts start tool servers,
 * with the tools of {@link MeshMcpTools}. Standard output carries the protocol only; meshd's own lines go to
 * standard error.
 */
final class McpServerMode {

    private final MeshAgent agent;
    private final MeshMcpTools.Session session;

    McpServerMode(MeshAgent agent, PrintStream log) {
        this.agent = agent;
        this.session = new MeshMcpTools.Session(agent, log);
    }

    // The build's version, from the jar's manifest; a run from classes (an IDE, a unit test) has none.
    static String version() {
        String version = McpServerMode.class.getPackage().getImplementationVersion();
        return version == null ? "development" : version;
    }

    /** Serves until the host ends the process (as hosts do when they close a tool server). */
    void serve() throws InterruptedException {
        CountDownLatch closed = new CountDownLatch(1);
        StdioServerTransportProvider stdio = new StdioServerTransportProvider(McpJsonDefaults.getMapper());
        McpSyncServer server = McpServer.sync(stdio)
                .serverInfo("meshd", version())
                .instructions(MeshToolDefinitions.instructions(agent.agentId()))
                .capabilities(
                        McpSchema.ServerCapabilities.builder().tools(false).build())
                .tools(MeshMcpTools.all(exchange -> session))
                .build();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.closeGracefully();
            closed.countDown();
        }));
        closed.await();
    }
}
