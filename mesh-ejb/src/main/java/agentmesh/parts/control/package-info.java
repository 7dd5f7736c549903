/**
 * The parts of a message or an artifact, checked and written canonically by {@link agentmesh.parts.control.Parts}
 * (the feature: {@code agentmesh.parts}).
 *
 * <p>Invariants: the same content always gives the same text (object keys sorted), so a retried send has the same
 * fingerprint; text is kept byte for byte, except that NUL and unpaired surrogates are refused anywhere in the parts.
 */
package agentmesh.parts.control;
