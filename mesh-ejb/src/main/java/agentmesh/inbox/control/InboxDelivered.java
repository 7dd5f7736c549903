package agentmesh.inbox.control;

/** A delivery into the agent's inbox; observed after its transaction commits. */
public record InboxDelivered(String agentId) {
}
