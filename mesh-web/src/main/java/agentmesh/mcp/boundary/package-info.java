/**
 * The mesh's MCP endpoint, {@code /mesh/mcp}: {@code meshd}'s tools ({@code MeshMcpTools}) over Streamable HTTP, for
 * hosts that reach the mesh rather than start a process.
 *
 * <p>Operations: {@link agentmesh.mcp.boundary.McpEndpoint} sets up the MCP Java SDK's servlet behind
 * {@link agentmesh.mcp.boundary.McpEnvelope} (a JSON-RPC envelope check, 400 for what is no request) and
 * {@link agentmesh.mcp.boundary.McpSessionCap} (sessions capped per agent and per server,
 * {@link agentmesh.mcp.boundary.McpSessions}); the tools act for the calling agent through this server's own API
 * over loopback HTTP, with the agent's token.
 *
 * <p>Invariants: every request passes the door ({@code AgentGate}) with an agent's token, and every tool call passes
 * the API's checks and limits once more; a session ends when its token is rotated (404 as for a session that is
 * gone). The loopback is plain {@code http} to the listener the request came in on.
 */
package agentmesh.mcp.boundary;
