package agentmesh.agent.control;

/** An agent's token was replaced; observed after the rotation commits. */
public record TokenRotated(String agentId) {
}
