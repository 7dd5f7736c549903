/**
 * The mesh's outbound A2A: remote A2A agents (a mesh agent attached by an admin to an A2A server elsewhere, whose
 * inbox the mesh delivers to that server and whose answers it turns into mesh events) and push notifications (an A2A
 * client's webhook, to which the mesh POSTs its task's updates) — two targets of one delivery mechanism, a third
 * delivery engine beside the outbox's dispatcher and the inbox's consumer.
 *
 * <p>Operations: {@link agentmesh.a2a.relay.control.CursorRelay} is the mechanism: an agent's inbox read after a
 * cursor of the target's own, one event at a time, leased, retried with backoff, parked in one dead-letter store
 * ({@link agentmesh.a2a.relay.control.OutboundDeadLetters}) for an admin to replay.
 * {@link agentmesh.a2a.relay.control.RemoteRelay} delivers remote agents' inboxes and
 * {@link agentmesh.a2a.relay.control.RemoteAnswers} applies what the remote said;
 * {@link agentmesh.a2a.relay.control.PushRelay} pushes a task's updates to webhooks, whose configs the A2A facade makes
 * through {@link agentmesh.a2a.relay.control.PushNotifications}. The admin attaches, shows, detaches and replays
 * through {@link agentmesh.a2a.relay.boundary.RemoteAgentsResource} and
 * {@link agentmesh.a2a.relay.boundary.PushAdminResource}. Laid out as the outbox is: {@code relay.boundary} the
 * admin's resources, {@code relay.control} the mechanism, its targets and their stores (plain JDBC, each statement
 * standing alone: no transaction may span a call to a remote server), {@code relay.entity} the rows an admin sees.
 *
 * <p>Invariants (the guarantees):
 * <ul>
 *   <li>at least once, with leases: one instance delivers a target at a time; a crashed instance's targets move on
 *       when its lease runs out; an event is sent again when an instance dies between the answer and the note of it;
 *   <li>in order per target: the next event goes only once this one is answered; a failing one is retried with
 *       backoff, the events behind it waiting, until it is parked as a dead letter — listed and replayed by an admin —
 *       and the events behind it move on; a call the URL policy forbids is parked at once;
 *   <li>exactly-once effect at a server that deduplicates message ids, the ids on the wire scoped per sender
 *       ({@link agentmesh.a2a.relay.control.WireIds});
 *   <li>every remote answer applied or refused for good, never retried without end;
 *   <li>every outbound exchange bounded in time and bytes ({@link agentmesh.a2a.relay.control.RemoteLimits}), and a
 *       bounded share of the threads per target, so that one remote cannot stall the others;
 *   <li>the mesh calls only URLs its {@link agentmesh.a2a.relay.control.UrlPolicy} allows — https unless
 *       {@code mesh.a2a.remote.allow-http}, public addresses unless {@code mesh.a2a.remote.allow-private-addresses},
 *       no redirects — and sends a remote agent's bearer token only to its card's origin;
 *   <li>tokens and credentials are stored sealed when {@code mesh.a2a.remote.secret-key} is set
 *       ({@link agentmesh.a2a.relay.control.RemoteSecrets}) and are never logged nor returned.
 * </ul>
 */
package agentmesh.a2a.relay;
