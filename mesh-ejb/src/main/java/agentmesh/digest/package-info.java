/**
 * Digests of text.
 *
 * <p>Purpose: the one way the mesh hashes: tokens are stored as their hash ({@code agentmesh.agent.control.Tokens}),
 * a message's content is compared by its fingerprint ({@code agentmesh.messaging.control.Fingerprint}), the A2A relay
 * derives stable wire ids from its own.
 *
 * <p>Operations: {@link agentmesh.digest.Sha256#hex} is the SHA-256 of a text's UTF-8 bytes.
 *
 * <p>Invariants: the same text gives the same 64 lower-case hex digits on every server and JDK; a stored digest is
 * never turned back into its text.
 */
package agentmesh.digest;
