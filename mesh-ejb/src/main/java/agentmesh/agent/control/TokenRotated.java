package agentmesh.agent.control;

/**
 * An agent's token was replaced: {@code tokenHash} is the hash of the one that now works. Whatever was authenticated
 * with another of the agent's tokens must stop. Fired after the rotation commits (on the server that rotated), and
 * by {@link TokenRotationChanges} on every server — so a listener may hear of one rotation more than once.
 */
public record TokenRotated(String agentId, String tokenHash) {}
