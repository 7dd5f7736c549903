package agentmesh.inbox.control;

import java.util.List;

/**
 * An agent's inbox now holds events up to {@code lastCursor}. {@code delivered} are the events up to it that a
 * delivery on this instance wrote, in cursor order, so that a reader right before them has them without reading them
 * back ({@link InboxReader#handedAfter}); empty when only the cursor is known (another instance's delivery, found by
 * the change feed).
 */
public record InboxChange(String agentId, long lastCursor, List<StoredEvent> delivered) {

    public InboxChange(String agentId, long lastCursor) {
        this(agentId, lastCursor, List.of());
    }

    /** The later of the two (a null is none): signals of two deliveries may cross on their way. */
    public static InboxChange later(InboxChange one, InboxChange other) {
        return one == null || other.lastCursor() > one.lastCursor() ? other : one;
    }
}
