package agentmesh.agent.control;

import agentmesh.problem.MeshException;

public class UnknownAgentException extends MeshException {

    public UnknownAgentException(String agentId) {
        super(404, "unknown-agent", "Unknown agent", "No agent is registered as " + agentId);
    }
}
