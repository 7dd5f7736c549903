package agentmesh.agent.control;

import agentmesh.agent.entity.Agent;
import agentmesh.agent.entity.Contact;
import agentmesh.datasource.MeshDataSource;
import agentmesh.jdbc.DuplicateKey;
import agentmesh.jdbc.Jdbc;
import agentmesh.json.MeshJson;
import agentmesh.problem.InvalidRequestException;
import agentmesh.time.UtcDateTimeConverter;
import agentmesh.time.UtcTime;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonValue;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Registers agents, describes them and finds them by id or by host label. The {@code Agent} entity reads; a
 * registration and a description are written by statements, as every write of the {@code agent} row ({@link
 * AgentTokens#replace}).
 */
@Stateless
public class AgentRegistry {

    private static final String INSERT =
            "INSERT INTO agent (agent_id, display_name, token_hash, created_at) VALUES (?, ?, ?, ?)";
    private static final String DESCRIBE =
            "UPDATE agent SET description = ?, skills = ?, host_label = ? WHERE agent_id = ?";

    @PersistenceContext
    EntityManager em;

    @Resource(lookup = MeshDataSource.IN_USE)
    DataSource dataSource;

    @Inject
    Clock clock;

    @Inject
    Event<TokenRotated> rotated;

    @Inject
    AgentTokens tokens;

    @EJB
    AgentDirectory directory;

    public RegisteredAgent register(String agentId, String displayName) {
        String token = Tokens.newToken();
        String createdAt = UtcDateTimeConverter.format(UtcTime.now(clock));
        try {
            Jdbc.update(dataSource, INSERT, agentId, displayName, Tokens.hash(token), createdAt);
        } catch (PersistenceException e) {
            if (DuplicateKey.violates(e, "PRIMARY")) {
                throw new AgentExistsException(agentId);
            }
            throw e;
        }
        return new RegisteredAgent(agentId, displayName, token);
    }

    /**
     * Gives the agent a new token; the old one stops working at once on this server and within a second or two on
     * the others, which learn of it from the rotation time ({@link TokenRotationChanges}, by the database's clock).
     */
    public RegisteredAgent rotateToken(String agentId) {
        Agent agent = em.find(Agent.class, agentId);
        if (agent == null) {
            throw new UnknownAgentException(agentId);
        }
        String token = Tokens.newToken();
        String tokenHash = Tokens.hash(token);
        tokens.replace(agentId, tokenHash);
        rotated.fire(new TokenRotated(agentId, tokenHash));
        return new RegisteredAgent(agentId, agent.displayName(), token);
    }

    /**
     * Disables the agent: its tokens — the mesh's own and the provider's JWTs — are refused (401) from now on, and the
     * streams, waits and sessions they opened end, at once on this server and within a poll of the change feed on the
     * others, as at a rotation. Messages to it are still accepted and kept in its inbox. Disabling a disabled agent
     * changes nothing.
     */
    public void disable(String agentId) {
        if (em.find(Agent.class, agentId) == null) {
            throw new UnknownAgentException(agentId);
        }
        tokens.disable(agentId);
        rotated.fire(TokenRotated.disabled(agentId));
    }

    /**
     * Enables the agent again: its mesh token works again; a JWT of the provider only if issued after the disable
     * (by the clock skew's margin, as after a rotation).
     */
    public void enable(String agentId) {
        if (em.find(Agent.class, agentId) == null) {
            throw new UnknownAgentException(agentId);
        }
        tokens.enable(agentId);
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public boolean exists(String agentId) {
        return !em.createNativeQuery("SELECT 1 FROM agent WHERE agent_id = ?")
                .setParameter(1, agentId)
                .getResultList()
                .isEmpty();
    }

    public AgentView view(String agentId) {
        Agent agent = em.find(Agent.class, agentId);
        if (agent == null) {
            throw new UnknownAgentException(agentId);
        }
        List<String> contacts = em.createNamedQuery(Contact.OF_AGENT, Contact.class)
                .setParameter("agent", agentId)
                .getResultStream()
                .map(contact -> contact.key().other(agentId))
                .sorted()
                .toList();
        return new AgentView(
                agent.agentId(),
                agent.displayName(),
                UtcTime.toInstant(agent.createdAt()),
                UtcTime.toInstant(directory.lastActivity(agentId)),
                contacts,
                UtcTime.toInstant(agent.disabledAt()));
    }

    /** What the agent's A2A card says about it. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public AgentDescription description(String agentId) {
        Agent agent = em.find(Agent.class, agentId);
        if (agent == null) {
            throw new UnknownAgentException(agentId);
        }
        return description(agent);
    }

    /**
     * Sets what the agent's A2A card says about it and the host label it is found at, all at once, replacing what
     * was there. A label is one agent's: neither another's label nor another's id (that agent's own host).
     */
    public AgentDescription describe(String agentId, String description, JsonArray skills, String hostLabel) {
        AgentDescription.check(description, skills);
        AgentDescription.checkHostLabel(hostLabel);
        Agent agent = em.find(Agent.class, agentId);
        if (agent == null) {
            throw new UnknownAgentException(agentId);
        }
        if (hostLabel != null && !hostLabel.equals(agentId)) {
            Optional<String> holder = agentAtHost(hostLabel).filter(other -> !other.equals(agentId));
            if (holder.isPresent() || em.find(Agent.class, hostLabel) != null) {
                throw new InvalidRequestException("hostLabel", "is another agent's host: " + holder.orElse(hostLabel));
            }
        }
        try {
            Jdbc.update(
                    dataSource, DESCRIBE, description, skills.isEmpty() ? null : skills.toString(), hostLabel, agentId);
        } catch (PersistenceException e) {
            if (DuplicateKey.violates(e, "uk_agent_host_label")) {
                throw new InvalidRequestException("hostLabel", "is another agent's host");
            }
            throw e;
        }
        return new AgentDescription(agentId, agent.displayName(), description, skills, hostLabel);
    }

    /**
     * The agent whose host has this label: the one an admin gave the label, else the agent of that id when it has
     * no label of its own.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<String> agentAtHost(String label) {
        List<String> labelled = em.createQuery("SELECT a.agentId FROM Agent a WHERE a.hostLabel = :label", String.class)
                .setParameter("label", label)
                .getResultList();
        if (!labelled.isEmpty()) {
            return Optional.of(labelled.get(0));
        }
        Agent agent = em.find(Agent.class, label);
        return agent != null && agent.hostLabel() == null ? Optional.of(agent.agentId()) : Optional.empty();
    }

    private static AgentDescription description(Agent agent) {
        return new AgentDescription(
                agent.agentId(),
                agent.displayName(),
                agent.description(),
                agent.skills() == null ? JsonValue.EMPTY_JSON_ARRAY : MeshJson.readArray(agent.skills()),
                agent.hostLabel());
    }
}
