package agentmesh.inbox.control;

/** An agent's inbox now holds events up to {@code lastCursor}. */
public record InboxChange(String agentId, long lastCursor) {}
