package agentmesh.agent.control;

import agentmesh.changes.ChangeFeed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Token rotations, wherever they were made, as the {@link ChangeFeed} finds them (through the
 * {@code token_rotated_at} index): an old token stops working everywhere — and the streams, waits and sessions it
 * opened are closed — within a poll of the feed after the rotation. Hearing of one twice is harmless.
 */
@ApplicationScoped
public class TokenRotationChanges implements ChangeFeed.Followed {

    @Inject
    AgentTokens tokens;

    @Override
    public String changedSince() {
        return "SELECT agent_id, token_hash FROM agent WHERE token_rotated_at >= ?";
    }

    @Override
    public void changed(Object[] row) {
        tokens.rotated(new TokenRotated((String) row[0], (String) row[1]));
    }
}
