/**
 * The mesh's MCP endpoint, {@code /mesh/mcp}: the mesh's tools (their definitions shared with {@code meshd mcp}
 * through {@code mesh-mcp-tools}) over Streamable HTTP, for hosts that reach the mesh rather than start a process.
 *
 * <p>Operations: {@link agentmesh.mcp.boundary.McpEndpoint} sets up the MCP Java SDK's servlet behind
 * {@link agentmesh.mcp.boundary.McpEnvelope} (a JSON-RPC envelope check, 400 for what is no request) and
 * {@link agentmesh.mcp.boundary.McpSessionCap} (sessions capped per agent and per server,
 * {@link agentmesh.mcp.boundary.McpSessions}); {@link agentmesh.mcp.boundary.McpTools} carries each tool out
 * in-process for the calling agent: {@link agentmesh.mcp.boundary.TaskTools} (send, reply, status, artifact, read a
 * task) on the controls the API's routes call, {@link agentmesh.mcp.boundary.InboxTools} (read and wait, then ack)
 * on the inbox reader and the long polls' {@code InboxWaiters}.
 *
 * <p>Invariants: every request passes the door ({@code AgentGate}) with an agent's token: the agent's rate, answer
 * bytes and MCP share ({@code mesh.mcp.max-requests-per-agent}); a tool's arguments pass the constraints of the
 * API's request bodies, its work takes one of the server's places ({@code ServerPlaces}, 503 past capacity) and its
 * controls apply the same rules (contacts, task ownership, transitions, sizes); a refusal is an {@code isError}
 * result naming the problem the API would have answered. A wait for a message holds no place and is capped with the
 * agent's long polls, but holds its request's thread (the SDK's servlet blocks it), at most 60 s, and at most
 * {@code mesh.mcp.max-waits} at once on the server ({@link agentmesh.mcp.boundary.McpWaits}, 503 past it). A session ends when
 * its token is rotated (404 as for a session that is gone). No tool calls this server over HTTP.
 */
package agentmesh.mcp.boundary;
