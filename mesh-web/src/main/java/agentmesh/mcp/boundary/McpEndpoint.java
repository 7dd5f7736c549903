package agentmesh.mcp.boundary;

import agentmesh.agent.control.AgentTokens;
import agentmesh.agent.control.TokenRotated;
import agentmesh.mcp.tools.MeshToolDefinitions;
import agentmesh.web.MeshVersion;
import agentmesh.web.security.Caller;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.inject.Inject;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.annotation.WebListener;
import jakarta.servlet.http.HttpServletRequest;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The mesh's MCP endpoint, {@code /mesh/mcp}: the mesh's tools ({@link McpTools}, the definitions {@code meshd mcp}
 * offers too) over Streamable HTTP (the official MCP Java SDK's servlet transport), for hosts that reach the mesh
 * rather than start a process. Each request carries an agent's bearer token, checked at the door with the API's
 * limits ({@link agentmesh.web.limits.AgentGate}); the tools act for that agent in-process, on the controls the API's
 * routes call, with the same checks, limits and problems — never over HTTP to this server. A tool runs on its
 * request's thread ({@code immediateExecution}): the servlet blocks that thread until the answer anyway, and there it
 * has the container's context that the controls need.
 */
@WebListener
public class McpEndpoint implements ServletContextListener {

    static final String PATH = "/mcp";
    private static final int SESSIONS_KEPT = 1000;

    private McpSyncServer server;
    private McpSessions capped;
    private final Consumer<TokenRotated> rotationListener =
            rotation -> capped.rotated(rotation.agentId(), rotation.tokenHash());

    @Inject
    AgentTokens tokens;

    @Inject
    McpTools tools;

    @Override
    public void contextInitialized(ServletContextEvent event) {
        HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
                .jsonMapper(McpJsonDefaults.getMapper())
                .mcpEndpoint(PATH)
                .contextExtractor(McpEndpoint::callerContext)
                .build();
        server = McpServer.sync(transport)
                .serverInfo("agent-mesh", MeshVersion.current())
                .instructions(MeshToolDefinitions.instructions(null))
                .capabilities(
                        McpSchema.ServerCapabilities.builder().tools(false).build())
                .immediateExecution(true)
                .tools(tools.specifications())
                .build();
        Config config = ConfigProvider.getConfig();
        capped = new McpSessions(
                config.getOptionalValue("mesh.mcp.max-sessions-per-agent", Integer.class)
                        .orElse(8),
                config.getOptionalValue("mesh.mcp.max-sessions", Integer.class).orElse(SESSIONS_KEPT));
        ServletRegistration.Dynamic servlet =
                event.getServletContext().addServlet("mcp", new McpEnvelope(new McpSessionCap(transport, capped)));
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

    /** Who calls: the agent the door found for the request's token, which the tools act for. */
    private static McpTransportContext callerContext(HttpServletRequest request) {
        Caller caller = (Caller) request.getAttribute(Caller.class.getName()); // found by AgentGate
        Map<String, Object> context =
                new HashMap<>(Map.of(McpCaller.AGENT_ID, caller.name(), McpCaller.TOKEN_HASH, caller.tokenHash()));
        // The W3C trace context of the HTTP request, for a tool call whose _meta carries none (docs/TRACING.md).
        String traceparent = request.getHeader("traceparent");
        if (traceparent != null) {
            context.put(McpCaller.TRACEPARENT, traceparent);
            String tracestate = request.getHeader("tracestate");
            if (tracestate != null) {
                context.put(McpCaller.TRACESTATE, tracestate);
            }
        }
        return McpTransportContext.create(context);
    }
}
