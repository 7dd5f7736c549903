package agentmesh.agent.control;

import agentmesh.agent.entity.ContactKey;
import agentmesh.datasource.MeshDataSource;
import agentmesh.jdbc.Jdbc;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import javax.sql.DataSource;

/**
 * "May these two talk?" asked by a write inside its own transaction (with the mesh's own contacts): a revocation
 * committed before the write counts, on every server. A CDI bean that joins the caller's transaction: no container
 * call on the write's path. A send asks in the same statement that takes its task ({@link #CONTACT_EXISTS}) and
 * comes here only to say why it was refused.
 */
@ApplicationScoped
public class ContactGate {

    /** A boolean SQL expression over the two parameters {@code agent_low, agent_high} of the pair. */
    public static final String CONTACT_EXISTS = "EXISTS (SELECT 1 FROM contact WHERE agent_low = ? AND agent_high = ?)";

    @Resource(lookup = MeshDataSource.IN_USE)
    DataSource dataSource;

    /** 404 when the recipient does not exist, 403 when the two are not contacts; nothing when they may talk. */
    public void requireMayTalk(String from, String to) {
        ContactKey key = ContactKey.of(from, to);
        if (from.equals(to)
                || Jdbc.query(
                                dataSource,
                                "SELECT " + CONTACT_EXISTS,
                                row -> row.getBoolean(1),
                                key.agentLow(),
                                key.agentHigh())
                        .get(0)
                        .equals(Boolean.FALSE)) {
            throw refusal(from, to);
        }
    }

    /** Why a write from one agent to another was refused: the recipient is unknown (404) or no contact (403). */
    public RuntimeException refusal(String from, String to) {
        if (Jdbc.query(dataSource, "SELECT 1 FROM agent WHERE agent_id = ?", row -> 1, to)
                .isEmpty()) {
            return new UnknownAgentException(to);
        }
        return new NotInContactException(from, to);
    }
}
