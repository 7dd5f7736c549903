package agentmesh.agent.control;

/**
 * An agent's token was replaced: {@code tokenHash} is the hash of the one that now works — {@link #NO_TOKEN}, the
 * hash of no token, when the agent was disabled. Whatever was authenticated with another of the agent's tokens must
 * stop. Fired after the rotation (or the disable) commits, on the server that made it, and by
 * {@link TokenRotationChanges} on every server — so a listener may hear of one rotation more than once.
 */
public record TokenRotated(String agentId, String tokenHash) {

    /** No token's hash (those are 64 hex digits): what a disabled agent holds, so that every one of its tokens ends. */
    public static final String NO_TOKEN = "-";

    /** The agent was disabled: none of its tokens works now. */
    public static TokenRotated disabled(String agentId) {
        return new TokenRotated(agentId, NO_TOKEN);
    }
}
