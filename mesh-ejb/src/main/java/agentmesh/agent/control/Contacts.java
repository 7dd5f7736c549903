package agentmesh.agent.control;

import agentmesh.agent.entity.Agent;
import agentmesh.agent.entity.ContactKey;
import agentmesh.problem.InvalidRequestException;
import agentmesh.time.UtcDateTimeConverter;
import agentmesh.time.UtcTime;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Clock;
import java.util.List;

/** Who may talk to whom: a symmetric permission an admin grants and revokes. */
@Stateless
public class Contacts {

    @PersistenceContext
    EntityManager em;

    @Inject
    Clock clock;

    /** Lets the two agents talk; allowing an allowed pair again changes nothing. */
    public void allow(String one, String other) {
        requireDistinctAgents(one, other);
        ContactKey key = ContactKey.of(one, other);
        em.createNativeQuery("INSERT INTO contact (agent_low, agent_high, created_at) VALUES (?, ?, ?)"
                        + " ON DUPLICATE KEY UPDATE agent_low = agent_low")
                .setParameter(1, key.agentLow())
                .setParameter(2, key.agentHigh())
                .setParameter(3, UtcDateTimeConverter.format(UtcTime.now(clock)))
                .executeUpdate();
    }

    public void revoke(String one, String other) {
        requireDistinctAgents(one, other);
        ContactKey key = ContactKey.of(one, other);
        em.createNativeQuery("DELETE FROM contact WHERE agent_low = ? AND agent_high = ?")
                .setParameter(1, key.agentLow())
                .setParameter(2, key.agentHigh())
                .executeUpdate();
    }

    /**
     * A page of the agents the given one may talk to, in id order after the given id (keyset pagination), with
     * {@code contacts} null as in every listing of agents.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<AgentView> of(String agentId, String afterAgentId, int limit) {
        return em.createQuery(
                        "SELECT a FROM Agent a, Contact c WHERE a.agentId > :after"
                                + " AND ((c.key.agentLow = :agent AND c.key.agentHigh = a.agentId)"
                                + " OR (c.key.agentHigh = :agent AND c.key.agentLow = a.agentId))"
                                + " ORDER BY a.agentId",
                        Agent.class)
                .setParameter("agent", agentId)
                .setParameter("after", afterAgentId == null ? "" : afterAgentId)
                .setMaxResults(limit)
                .getResultStream()
                .map(a ->
                        new AgentView(a.agentId(), a.displayName(), UtcTime.toInstant(a.createdAt()), null, null, null))
                .toList();
    }

    private void requireDistinctAgents(String one, String other) {
        if (one.equals(other)) {
            throw new InvalidRequestException("b", "an agent cannot be its own contact");
        }
        for (String agent : new String[] {one, other}) {
            if (em.find(Agent.class, agent) == null) {
                throw new UnknownAgentException(agent);
            }
        }
    }
}
