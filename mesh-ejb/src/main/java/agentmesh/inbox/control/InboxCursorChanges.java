package agentmesh.inbox.control;

import agentmesh.changes.ChangeFeed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Deliveries that another server instance committed (or an admin's replay there), as the {@link ChangeFeed} finds
 * them: the inboxes whose cursor moved, through the {@code updated_at} index, each signalled to this instance's
 * readers. It finds this instance's own deliveries too: one found before its own signal wakes the readers without
 * the delivered events, so they read them. Readers already past a change ignore it.
 */
@ApplicationScoped
public class InboxCursorChanges implements ChangeFeed.Followed {

    @Inject
    InboxSignals signals;

    @Override
    public String changedSince() {
        return "SELECT agent_id, last_cursor FROM inbox_cursor WHERE updated_at >= ?";
    }

    @Override
    public void changed(Object[] row) {
        signals.signal(new InboxChange((String) row[0], ((Number) row[1]).longValue()));
    }
}
