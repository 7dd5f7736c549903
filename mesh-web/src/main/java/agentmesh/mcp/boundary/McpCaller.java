package agentmesh.mcp.boundary;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpSyncServerExchange;

/** Who an MCP tool call acts for: the agent of the request's token (found at the door), in which session. */
record McpCaller(String agentId, String tokenHash, String sessionId) {

    static final String AGENT_ID = "agentId";
    static final String TOKEN_HASH = "tokenHash";
    static final String TRACEPARENT = "traceparent";
    static final String TRACESTATE = "tracestate";

    static McpCaller of(McpSyncServerExchange exchange) {
        McpTransportContext context = exchange.transportContext();
        return new McpCaller((String) context.get(AGENT_ID), (String) context.get(TOKEN_HASH), exchange.sessionId());
    }

    /** The session as this token's: a rotated token starts afresh. */
    String sessionKey() {
        return sessionId + " " + tokenHash;
    }
}
