/**
 * The mesh's outbound A2A: remote A2A agents (a mesh agent attached by an admin to an A2A server elsewhere, whose
 * inbox the mesh delivers to that server and whose answers it turns into mesh events) and push notifications (an A2A
 * client's webhook, to which the mesh POSTs its task's updates) — two targets of one delivery mechanism.
 *
 * <p>Operations: {@link agentmesh.a2a.remote.CursorRelay} is the mechanism: an agent's inbox read after a cursor of
 * the target's own, one event at a time, leased, retried with backoff, parked in one dead-letter store
 * ({@link agentmesh.a2a.remote.OutboundDeadLetters}) for an admin to replay. {@link agentmesh.a2a.remote.RemoteRelay}
 * delivers remote agents' inboxes; {@link agentmesh.a2a.remote.RemoteAgentsResource} attaches (card URL and bearer
 * token), shows, detaches and replays; {@link agentmesh.a2a.remote.RemoteFollower} follows the tasks still running;
 * {@link agentmesh.a2a.remote.RemoteAnswers} applies what the remote said. {@link agentmesh.a2a.remote.PushRelay}
 * pushes a task's updates to webhooks; {@link agentmesh.a2a.remote.PushNotifications} keeps the configs the A2A
 * facade makes; {@link agentmesh.a2a.remote.PushAdminResource} shows them and replays.
 *
 * <p>Guarantees: inbox order and exactly-once effect at a server that deduplicates message ids, with the ids on the
 * wire scoped per sender ({@link agentmesh.a2a.remote.WireIds}); at least once, in order, to a webhook; every remote
 * answer applied or refused for good, never retried without end; every outbound exchange bounded in time and bytes
 * ({@link agentmesh.a2a.remote.RemoteLimits}), and a bounded share of the threads per target, so that one remote
 * cannot stall the others.
 *
 * <p>Invariants: the mesh calls only URLs its {@link agentmesh.a2a.remote.UrlPolicy} allows — https unless
 * {@code mesh.a2a.remote.allow-http}, public addresses unless {@code mesh.a2a.remote.allow-private-addresses},
 * no redirects — and sends a remote agent's bearer token only to its card's origin; tokens and credentials are
 * stored sealed when {@code mesh.a2a.remote.secret-key} is set ({@link agentmesh.a2a.remote.RemoteSecrets}) and are
 * never logged nor returned.
 */
package agentmesh.a2a.remote;
