/**
 * The identity check: may agent a talk to agent b?
 *
 * <p>Purpose: the source design's identity service, CanCommunicate(a, b), either the mesh's own contacts (the
 * default) or a remote HTTP service (MicroProfile REST Client) guarded by MicroProfile Fault Tolerance.
 *
 * <p>Operations: {@link agentmesh.identity.control.IdentityCheck#beforeWriting}, called by every write that produces
 * an event for another agent.
 *
 * <p>Guarantee: <b>G6 identity check with fallback</b>.
 *
 * <p>Invariants: with the local contacts, the check runs inside the write's own transaction, so a revocation counts
 * from its commit on, on every server. With a remote service, a check takes at most the timeout (3 s); a failing
 * service opens the circuit; a recent answer (30 s) stands in for a failed check; otherwise the write is refused
 * with 503 and Retry-After — never allowed blindly. The remote check runs before the write's transaction, so a slow
 * identity service holds no row locks.
 */
package agentmesh.identity;
