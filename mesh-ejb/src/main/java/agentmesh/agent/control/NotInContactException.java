package agentmesh.agent.control;

import agentmesh.problem.MeshException;

public class NotInContactException extends MeshException {

    public NotInContactException(String from, String to) {
        super(
                403,
                "not-in-contact",
                "Not allowed to talk",
                from + " is not allowed to talk to " + to
                        + " (an admin allows it with POST /admin/agents/{a}/contacts/{b})");
    }
}
