/**
 * The mesh's tools for models, as data (module {@code mesh-mcp-tools}).
 *
 * <p>Purpose: one definition of each tool — name, description, JSON schema, the bounds of its arguments, the shape of
 * a refusal — for every place that offers them: the server's MCP endpoint ({@code agentmesh.mcp.boundary} in
 * mesh-web, acting in-process on the mesh's controls), {@code meshd mcp} over stdio and meshd's LLM brain (both
 * acting through the HTTP API with {@code mesh-client}).
 *
 * <p>Operations: {@link agentmesh.mcp.tools.MeshToolDefinitions#all()} (the seven an MCP server offers, in order),
 * {@link agentmesh.mcp.tools.MeshToolDefinitions#actions()} (the five an LLM brain gets),
 * {@link agentmesh.mcp.tools.ToolDefinition#asFunction()} (OpenAI's function shape).
 *
 * <p>Invariants: the server and meshd list the same tools with the same schemas, because both read them here; this
 * module depends on Jakarta JSON Processing only — no HTTP client, no MCP library — so the server can share it
 * without depending on a client module.
 *
 * <p>Out of scope: carrying a tool out (each server does it its own way) and the MCP library's types.
 */
package agentmesh.mcp.tools;
