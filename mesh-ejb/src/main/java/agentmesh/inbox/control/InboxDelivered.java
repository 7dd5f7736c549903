package agentmesh.inbox.control;

/** A delivery into the agent's inbox at {@code cursor}; observed after its transaction commits. */
public record InboxDelivered(String agentId, long cursor) {}
