/**
 * {@code meshd}: one agent's daemon — the agent side of the mesh, with a brain that decides what to do about each
 * inbox event.
 *
 * <p>Purpose: an agent developer writes only the reasoning ({@link agentmesh.meshd.Brain}: scripted, or an LLM through
 * an OpenAI-compatible API in {@link agentmesh.meshd.LlmBrain}); meshd reads the inbox, hands over one event at a time
 * and acts exactly once for each, across crashes. {@code meshd mcp} offers the same tools to an LLM host over stdio.
 *
 * <p>Operations: {@link agentmesh.meshd.Main} reads the arguments and the environment; {@link agentmesh.meshd.Meshd}
 * streams the inbox after the last handled event, drops what {@link agentmesh.meshd.HandledEvents} records as done,
 * runs the brain and acknowledges; the brain acts through {@link agentmesh.meshd.Actions} (the tools of
 * {@link agentmesh.meshd.MeshTools} and {@link agentmesh.meshd.MeshMcpTools}); {@link agentmesh.meshd.Transcript}
 * keeps what it did readable; {@link agentmesh.meshd.Demo} runs the two-agent demo.
 *
 * <p>Invariants: an event is acknowledged only after its handling is recorded on disk; an event handled again acts
 * with the same ids, so the mesh stores nothing twice; the brain's pace is the agent's backpressure (one event at a
 * time). Depends on the client library and the shared tool definitions ({@code mesh-mcp-tools}), never on the
 * server.
 */
package agentmesh.meshd;
