/**
 * The A2A facade: every registered mesh agent is an A2A agent at {@code /mesh/a2a/{agentId}} (and at an origin of its
 * own when {@code mesh-root} forwards to it), over the same tasks, outbox and inbox as the mesh API — no second store,
 * no second delivery path.
 *
 * <p>Operations: {@link agentmesh.a2a.boundary.A2aServlet} finds the agent of the address and the caller and serves
 * the public card ({@link agentmesh.a2a.boundary.AgentCards}, one view per version, kept by
 * {@link agentmesh.a2a.boundary.CardCache}); each binding is a boundary of its own — JSON-RPC 2.0
 * ({@link agentmesh.a2a.boundary.JsonRpcBinding}, requests read by {@link agentmesh.a2a.boundary.JsonRpcRequest}) and
 * HTTP+JSON ({@link agentmesh.a2a.boundary.RestBinding}) — that names an {@link agentmesh.a2a.boundary.A2aOperation}
 * for the one dispatch ({@link agentmesh.a2a.boundary.A2aDispatch}) and frames its answer
 * ({@link agentmesh.a2a.boundary.A2aWire}). The version a request speaks is an
 * {@link agentmesh.a2a.boundary.A2aVersion}; its wire mapping, a class per version ({@link agentmesh.a2a.boundary.A2a10Mapping},
 * {@link agentmesh.a2a.boundary.A2a03Mapping}, their common part {@link agentmesh.a2a.boundary.A2aMapping}), says how
 * tasks, messages and parts look on the wire. {@link agentmesh.a2a.boundary.A2aTasks} performs the operations: a send
 * is the caller's {@code MessageSender.send} with the same identity check and idempotency, tasks are read by
 * {@code TaskReader} and canceled by {@code TaskLifecycle}; {@link agentmesh.a2a.boundary.BlockingSend} and
 * {@link agentmesh.a2a.boundary.TaskStream} wait on a task in {@link agentmesh.a2a.boundary.TaskWatches}, woken by the
 * inbox's signals and looked at by {@link agentmesh.a2a.boundary.TaskLooks}; errors are
 * {@link agentmesh.a2a.boundary.A2aError}.
 *
 * <p>Invariants: the card is public, every other request passes the door ({@code AgentGate}) with the caller's own
 * token; a caller sees only tasks between itself and the path's agent (others are not found); a waiting request holds
 * no thread, at most {@code mesh.a2a.max-waits-per-agent} per caller ({@link agentmesh.a2a.boundary.WaitPlaces}), and
 * ends as unauthenticated when its token is rotated; a stream sends the task as it stands first, then only what is
 * new, so a resubscribe loses nothing; every answer is in the binding's frame and the call's version — a JSON-RPC
 * error is HTTP 200 with the request's id, an HTTP+JSON error carries its status — never the container's page.
 */
package agentmesh.a2a.boundary;
