package agentmesh.agent.control;

import agentmesh.platform.ChangesSincePreviousPoll;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/**
 * Finds token rotations, wherever they were made: once a second, the agents whose token was replaced since the
 * previous poll began, by the database's clock (through the {@code token_rotated_at} index; see
 * {@link ChangesSincePreviousPoll} — a late poll reads a longer window, it misses nothing). Hearing of one twice is
 * harmless. With the poll's own latency, an old token stops working everywhere — and the streams, waits and sessions
 * it opened are closed — about a second after the rotation.
 */
@Singleton
@Startup
@DependsOn("SchemaMigration")
public class TokenRotationFeed {

    private final ChangesSincePreviousPoll rotations = new ChangesSincePreviousPoll("""
            SELECT agent_id, token_hash FROM agent
            WHERE token_rotated_at >= ? - INTERVAL 3 SECOND""");

    @PersistenceContext
    EntityManager em;

    @Inject
    AgentTokens tokens;

    @Schedule(hour = "*", minute = "*", second = "*", persistent = false)
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void poll() {
        rotations.poll(em).forEach(row -> tokens.rotated(new TokenRotated((String) row[0], (String) row[1])));
    }
}
