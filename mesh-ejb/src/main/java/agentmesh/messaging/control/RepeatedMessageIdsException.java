package agentmesh.messaging.control;

import jakarta.ejb.ApplicationException;
import java.util.Set;

/**
 * A group of sends held message ids their senders had used already (client retries): the group's transaction is
 * rolled back, and {@link SendGroups} appends it again without them, each of those alone (where it finds its
 * original).
 */
@ApplicationException(rollback = true)
class RepeatedMessageIdsException extends RuntimeException {

    private final Set<Integer> positions;

    RepeatedMessageIdsException(Set<Integer> positions) {
        super("message ids used before at positions " + positions, null, false, false);
        this.positions = Set.copyOf(positions);
    }

    /** The positions in the group of the sends whose message id is stored already. */
    Set<Integer> positions() {
        return positions;
    }
}
