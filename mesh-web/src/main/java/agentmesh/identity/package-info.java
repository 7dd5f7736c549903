/**
 * The identity check: may agent a talk to agent b?
 *
 * <p>Purpose: the source design's identity service, CanCommunicate(a, b), behind a boundary that can be local (the
 * mesh's contacts, the default) or remote (an HTTP service, MicroProfile REST Client), guarded by MicroProfile
 * Fault Tolerance.
 *
 * <p>Operations: {@link agentmesh.identity.control.GuardedIdentity#mayTalk}.
 *
 * <p>Invariants: a check takes at most the timeout (3 s); a failing service opens the circuit; a recent answer
 * (30 s) stands in for a failed check; otherwise the send is refused with 503 and Retry-After — never allowed
 * blindly. The check runs before the send's transaction, so a slow identity service holds no row locks.
 */
package agentmesh.identity;
