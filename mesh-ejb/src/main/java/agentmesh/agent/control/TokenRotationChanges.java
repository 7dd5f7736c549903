package agentmesh.agent.control;

import agentmesh.changes.ChangeFeed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Token rotations, wherever they were made, as the {@link ChangeFeed} finds them (through the
 * {@code token_rotated_at} index): an old token stops working everywhere — and the streams, waits and sessions it
 * opened are closed — within a poll of the feed after the rotation. A disable moves the rotation time too, and a
 * disabled agent holds {@link TokenRotated#NO_TOKEN}: all of its tokens stop. Hearing of one twice is harmless.
 */
@ApplicationScoped
public class TokenRotationChanges implements ChangeFeed.Followed {

    @Inject
    AgentTokens tokens;

    @Override
    public String changedSince() {
        return "SELECT agent_id, CASE WHEN disabled_at IS NULL THEN token_hash ELSE '" + TokenRotated.NO_TOKEN
                + "' END FROM agent WHERE token_rotated_at >= ?";
    }

    @Override
    public void changed(Object[] row) {
        tokens.rotated(new TokenRotated((String) row[0], (String) row[1]));
    }
}
