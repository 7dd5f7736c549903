package agentmesh.agent.control;

/**
 * Where a write's "may these two talk?" is answered. With the mesh's own contacts the write's transaction checks
 * them itself, so a revocation takes effect at once on every server and costs no extra transaction; a remote identity
 * service is asked at the gateway before the transaction begins, so that a slow answer holds no row lock.
 */
public enum ContactCheck {
    /** The write's transaction checks the contacts table (and the recipient's existence). */
    IN_TRANSACTION,
    /** The gateway asked the identity service and was told yes. */
    DONE_BY_GATEWAY
}
