/**
 * CanCommunicate(from, to) for a write (the feature and its guarantee: {@code agentmesh.identity}).
 *
 * <p>Operations: {@link agentmesh.identity.control.IdentityCheck#beforeWriting} answers
 * {@code ContactCheck.IN_TRANSACTION} with the mesh's own contacts ({@code mesh.identity.mode=local}, the write's
 * transaction checks them), or asks {@link agentmesh.identity.control.GuardedIdentity} — {@code @Timeout},
 * {@code @CircuitBreaker}, {@code @Fallback} to an answer younger than 30 s — which calls
 * {@link agentmesh.identity.control.RemoteIdentity} ({@link agentmesh.identity.control.RemoteIdentityApi}, MicroProfile
 * REST Client) and answers {@code ContactCheck.DONE_BY_GATEWAY}.
 *
 * <p>Invariants: the remote check runs before the write's transaction; without an answer the write is refused with
 * 503 and Retry-After ({@link agentmesh.identity.control.IdentityUnavailableException}), never allowed blindly; an
 * unknown recipient is a 404 in both modes.
 */
package agentmesh.identity.control;
