/**
 * The A2A facade: every registered mesh agent is an A2A agent at {@code /mesh/a2a/{agentId}} (and at an origin of its
 * own when {@code mesh-root} forwards to it), over the same tasks, outbox and inbox as the mesh API — no second store,
 * no second delivery path.
 *
 * <p>Operations: {@link agentmesh.a2a.boundary.A2aServlet} routes the JSON-RPC 2.0 binding
 * ({@link agentmesh.a2a.boundary.JsonRpcRequest}) and the HTTP+JSON binding, framed by
 * {@link agentmesh.a2a.boundary.A2aWire}, in A2A 1.0 or 0.3 ({@link agentmesh.a2a.boundary.A2aVersion}, the wire
 * mapping); {@link agentmesh.a2a.boundary.AgentCards} writes the public card, one view per version, kept by
 * {@link agentmesh.a2a.boundary.CardCache}; {@link agentmesh.a2a.boundary.A2aTasks} performs the operations: a send is
 * the caller's {@code MessageSender.send} with the same identity check and idempotency, tasks are read by
 * {@code TaskReader} and canceled by {@code TaskLifecycle}; {@link agentmesh.a2a.boundary.BlockingSend} and
 * {@link agentmesh.a2a.boundary.TaskStream} wait on a task in {@link agentmesh.a2a.boundary.TaskWatches}, woken by the
 * inbox's signals and looked at by {@link agentmesh.a2a.boundary.TaskLooks}; errors are
 * {@link agentmesh.a2a.boundary.A2aError}.
 *
 * <p>Invariants: the card is public, every other request passes the door ({@code AgentGate}) with the caller's own
 * token; a caller sees only tasks between itself and the path's agent (others are not found); a waiting request holds
 * no thread, at most {@code mesh.a2a.max-waits-per-agent} per caller ({@link agentmesh.a2a.boundary.WaitPlaces}), and
 * ends as unauthenticated when its token is rotated; a stream sends the task as it stands first, then only what is
 * new, so a resubscribe loses nothing.
 */
package agentmesh.a2a.boundary;
