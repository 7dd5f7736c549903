package agentmesh.agent.control;

import jakarta.ejb.DependsOn;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import java.util.List;

/**
 * Finds token rotations, wherever they were made: once a second, the agents whose token was replaced in the last
 * few seconds by the database's clock (through the {@code token_rotated_at} index). The window overlaps the previous
 * polls, so a rotation that committed a little after its statement ran is still seen; hearing of one twice is
 * harmless. With the poll's own latency, an old token stops working everywhere — and the streams and long polls it
 * opened are closed — within 2 s of the rotation.
 */
@Singleton
@Startup
@DependsOn("SchemaMigration")
public class TokenRotationFeed {

    private static final String RECENT = """
            SELECT agent_id, token_hash FROM agent
            WHERE token_rotated_at >= UTC_TIMESTAMP(6) - INTERVAL 3 SECOND""";

    @PersistenceContext
    EntityManager em;

    @Inject
    AgentTokens tokens;

    @Schedule(hour = "*", minute = "*", second = "*", persistent = false)
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void poll() {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery(RECENT).getResultList();
        rows.forEach(row -> tokens.rotated(new TokenRotated((String) row[0], (String) row[1])));
    }
}
