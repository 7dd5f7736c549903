/**
 * Remote A2A agents: a mesh agent attached by an admin to an A2A server elsewhere, whose inbox the mesh delivers to
 * that server and whose answers it turns into mesh events.
 *
 * <p>Operations: {@link agentmesh.a2a.remote.RemoteAgentsResource} attaches (card URL and bearer token), shows,
 * detaches and replays dead letters; {@link agentmesh.a2a.remote.RemoteRelay} delivers each agent's inbox in order;
 * {@link agentmesh.a2a.remote.RemoteFollower} follows the tasks still running;
 * {@link agentmesh.a2a.remote.RemoteAnswers} applies what the remote said.
 *
 * <p>Guarantees: inbox order and exactly-once effect at a server that deduplicates message ids, with the ids on the
 * wire scoped per sender ({@link agentmesh.a2a.remote.WireIds}); every remote answer applied or refused for good,
 * never retried without end; every outbound exchange bounded in time and bytes
 * ({@link agentmesh.a2a.remote.RemoteLimits}), and a bounded share of the relay's and follower's threads per agent,
 * so that one remote cannot stall the others.
 *
 * <p>Invariants: the mesh calls only URLs its {@link agentmesh.a2a.remote.UrlPolicy} allows — https unless
 * {@code mesh.a2a.remote.allow-http}, public addresses unless {@code mesh.a2a.remote.allow-private-addresses},
 * no redirects — and sends a bearer token only to its card's origin; bearer tokens are stored sealed when
 * {@code mesh.a2a.remote.secret-key} is set ({@link agentmesh.a2a.remote.RemoteSecrets}) and are never logged nor
 * returned.
 */
package agentmesh.a2a.remote;
