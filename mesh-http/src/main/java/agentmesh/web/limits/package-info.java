/**
 * The door of every agent-facing surface (the API, the A2A facade, MCP): who may come in, how fast, how many at
 * once, with what body.
 *
 * <p>Guarantee: <b>G7 rate limit</b> — one agent's flood is cut to its own rate ({@link
 * agentmesh.web.limits.AgentRateLimit}, and {@link agentmesh.web.limits.AgentAnswerBytes} for the bytes it reads) and
 * its own share ({@link agentmesh.web.limits.AgentConcurrency}), 429 with Retry-After, before it takes a place from
 * anyone else; past the server's capacity ({@link agentmesh.web.limits.ServerPlaces}) the answer is 503 with
 * Retry-After at once, never a queue that ends in timeouts. {@link agentmesh.web.limits.AgentGate} applies them in
 * that order, after the token and before a byte of the body is read; the body is then read whole within its bounds
 * ({@link agentmesh.web.limits.RequestBody}) before a place is taken. Public documents are limited per client address
 * ({@link agentmesh.web.limits.AddressRateLimit}). {@link agentmesh.web.limits.OverloadLog} logs refusals as one line
 * per cause per interval. Every limit is listed in {@code docs/API.md} (Limits).
 */
package agentmesh.web.limits;
