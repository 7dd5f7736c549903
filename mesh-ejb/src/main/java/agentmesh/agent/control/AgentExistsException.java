package agentmesh.agent.control;

import agentmesh.problem.MeshException;

public class AgentExistsException extends MeshException {

    public AgentExistsException(String agentId) {
        super(409, "agent-exists", "Agent already registered", "An agent is already registered as " + agentId);
    }
}
