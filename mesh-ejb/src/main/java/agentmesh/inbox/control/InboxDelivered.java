package agentmesh.inbox.control;

import java.util.List;

/**
 * A delivery into the agent's inbox up to {@code cursor}: {@code events}, in cursor order; observed after its
 * transaction commits.
 */
public record InboxDelivered(String agentId, long cursor, List<StoredEvent> events) {}
