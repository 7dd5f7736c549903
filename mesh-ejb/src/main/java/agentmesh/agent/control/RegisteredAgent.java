package agentmesh.agent.control;

/** The answer to a registration: the only time the token is ever shown. */
public record RegisteredAgent(String agentId, String displayName, String token) {}
