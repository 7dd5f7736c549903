package agentmesh.mcp.boundary;

import agentmesh.agent.control.AgentTokens;
import agentmesh.agent.control.TokenRotated;
import agentmesh.client.MeshAgent;
import agentmesh.meshd.MeshMcpTools;
import agentmesh.web.MeshVersion;
import agentmesh.web.security.Caller;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.inject.Inject;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.annotation.WebListener;
import jakarta.servlet.http.HttpServletRequest;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The mesh's MCP endpoint, {@code /mesh/mcp}: the tools of {@code meshd mcp} over Streamable HTTP (the official MCP
 * Java SDK's servlet transport), for hosts that reach the mesh rather than start a process. Each request carries an
 * agent's bearer token, checked at the door with the API's limits ({@link agentmesh.web.limits.AgentGate}); the
 * tools act for that agent through the mesh's own API on this server (loopback), so that they pass the same checks,
 * limits and rules as the agent's own requests. All sessions share one HTTP client (one selector thread in all, not
 * one per session).
 */
@WebListener
public class McpEndpoint implements ServletContextListener {

    static final String PATH = "/mcp";
    private static final int SESSIONS_KEPT = 1000;

    /**
     * The MCP session's agent state, by session and token (a rotated token starts afresh); as many as the library
     * keeps sessions (mesh.mcp.max-sessions, {@link McpSessions}).
     */
    private final Map<String, MeshMcpTools.Session> sessions = Collections.synchronizedMap(
            new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, MeshMcpTools.Session> eldest) {
                    return size() > SESSIONS_KEPT;
                }
            });
    private final HttpClient loopback = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private McpSyncServer server;
    private McpSessions capped;
    private final Consumer<TokenRotated> rotationListener =
            rotation -> capped.rotated(rotation.agentId(), rotation.tokenHash());

    @Inject
    AgentTokens tokens;

    @Override
    public void contextInitialized(ServletContextEvent event) {
        HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider
                .builder()
                .jsonMapper(McpJsonDefaults.getMapper())
                .mcpEndpoint(PATH)
                .contextExtractor(McpEndpoint::callerContext)
                .build();
        server = McpServer.sync(transport)
                .serverInfo("agent-mesh", MeshVersion.current())
                .instructions(MeshMcpTools.instructions(null))
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .tools(MeshMcpTools.all(this::session))
                .build();
        Config config = ConfigProvider.getConfig();
        capped = new McpSessions(
                config.getOptionalValue("mesh.mcp.max-sessions-per-agent", Integer.class).orElse(8),
                config.getOptionalValue("mesh.mcp.max-sessions", Integer.class).orElse(SESSIONS_KEPT));
        ServletRegistration.Dynamic servlet = event.getServletContext().addServlet("mcp",
                new McpEnvelope(new McpSessionCap(transport, capped)));
        servlet.addMapping(PATH);
        servlet.setAsyncSupported(true);
        tokens.onRotation(rotationListener);
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        tokens.stopListening(rotationListener);
        if (server != null) {
            server.closeGracefully();
        }
    }

    /** Who calls, with which token, and where this server's API answers: what the tools need to act for them. */
    private static McpTransportContext callerContext(HttpServletRequest request) {
        Caller caller = (Caller) request.getAttribute(Caller.class.getName()); // found by AgentGate
        String token = request.getHeader("Authorization").substring("Bearer ".length()).trim();
        String api = "http://127.0.0.1:" + request.getLocalPort() + request.getContextPath() + "/api/v1/";
        return McpTransportContext.create(Map.of("agentId", caller.name(), "tokenHash", caller.tokenHash(),
                "token", token, "api", api));
    }

    private MeshMcpTools.Session session(McpSyncServerExchange exchange) {
        McpTransportContext context = exchange.transportContext();
        String agentId = (String) context.get("agentId");
        return sessions.computeIfAbsent(exchange.sessionId() + " " + context.get("tokenHash"),
                key -> new MeshMcpTools.Session(MeshAgent.builder(URI.create((String) context.get("api")), agentId,
                        (String) context.get("token")).httpClient(loopback).build(),
                        new PrintStream(OutputStream.nullOutputStream())));
    }
}
