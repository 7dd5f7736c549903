/**
 * The API's door: who may come in, how fast, and how many at once.
 *
 * <p>Guarantee: <b>G7 rate limit</b> — one agent's flood is cut to its own rate ({@link
 * agentmesh.web.limits.AgentRateLimit}, 429 with Retry-After) before it takes a place from anyone else; past the
 * server's capacity ({@link agentmesh.web.limits.AdmissionLimit}) the answer is 503 with Retry-After at once, never a
 * queue that ends in timeouts. {@link agentmesh.web.limits.AgentGate} applies both in that order, after the token and
 * before a byte of the body is read; {@link agentmesh.web.limits.BodySizeLimit} bounds what is then read;
 * {@link agentmesh.web.limits.OverloadLog} logs refusals as one line per cause per interval.
 */
package agentmesh.web.limits;
