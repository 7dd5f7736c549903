package agentmesh.a2a.relay.control;

import agentmesh.a2a.relay.entity.DeadLetter;
import agentmesh.inbox.control.InboxPage;
import agentmesh.inbox.control.InboxReader;
import agentmesh.platform.Jdbc;
import agentmesh.platform.MeshDataSource;
import agentmesh.platform.MeshJson;
import agentmesh.platform.UtcDateTimeConverter;
import agentmesh.platform.UtcTime;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.NotFoundException;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import javax.sql.DataSource;

/**
 * The one store of the outbound deliveries' dead letters ({@code outbound_dead_letter}): the inbox events a remote
 * agent's server or a push webhook would not take, set aside so that the ones behind them move on, kept for an admin
 * to replay. A letter names its relay ({@code remote}, {@code push}), the agent whose inbox event it is, and for a
 * push the task and config ({@code targetKey}).
 */
@ApplicationScoped
class OutboundDeadLetters {

    static final String REMOTE = "remote";
    static final String PUSH = "push";
    private static final int LISTED = 200;

    @Resource(lookup = MeshDataSource.IN_USE)
    DataSource dataSource;

    @Inject
    InboxReader inbox;

    void park(String relay, String agentId, String targetKey, long cursor, String error) {
        Jdbc.update(dataSource, "INSERT INTO outbound_dead_letter (relay, agent_id, target_key, cursor_no, error,"
                + " parked_at) VALUES (?, ?, ?, ?, ?, UTC_TIMESTAMP(6))", relay, agentId, targetKey, cursor,
                truncate(error));
    }

    /** The newest {@value #LISTED} of the agent's, newest first. */
    List<DeadLetter> list(String relay, String agentId) {
        return Jdbc.query(dataSource, "SELECT id, agent_id, target_key, cursor_no, error, parked_at, replayed_at"
                        + " FROM outbound_dead_letter WHERE relay = ? AND agent_id = ? ORDER BY id DESC LIMIT "
                        + LISTED, row -> new DeadLetter(row.getLong(1), row.getString(2), row.getString(3),
                        row.getLong(4), row.getString(5), instant(row.getObject(6)), instant(row.getObject(7))),
                relay, agentId);
    }

    Optional<DeadLetter> find(String relay, String agentId, long id) {
        return Jdbc.query(dataSource, "SELECT id, agent_id, target_key, cursor_no, error, parked_at, replayed_at"
                        + " FROM outbound_dead_letter WHERE relay = ? AND agent_id = ? AND id = ?",
                row -> new DeadLetter(row.getLong(1), row.getString(2), row.getString(3), row.getLong(4),
                        row.getString(5), instant(row.getObject(6)), instant(row.getObject(7))), relay, agentId, id)
                .stream().findFirst();
    }

    /**
     * Delivers the parked event now, out of its turn, and notes a delivered one as replayed → what an admin reads:
     * {@code {"id", "outcome": "delivered" | "refused: …" | "unreachable: …" | "not allowed: …"}}. 404 when the
     * inbox event is gone (purged).
     */
    JsonObject replay(DeadLetter letter, Function<JsonObject, A2aCalls.Reply> deliver) {
        InboxPage page = inbox.after(letter.agentId(), letter.cursor() - 1, 1);
        if (page.events().isEmpty() || page.events().get(0).getJsonNumber("cursor").longValue() != letter.cursor()) {
            throw new NotFoundException("inbox event " + letter.cursor() + " of " + letter.agentId() + " is gone");
        }
        A2aCalls.Reply reply = deliver.apply(page.events().get(0));
        String outcome = reply instanceof A2aCalls.Refused refused ? "refused: " + refused.why()
                : reply instanceof A2aCalls.Unreachable unreachable ? "unreachable: " + unreachable.why()
                : reply instanceof A2aCalls.NotAllowed notAllowed ? "not allowed: " + notAllowed.why()
                : "delivered";
        if (reply instanceof A2aCalls.Result) {
            Jdbc.update(dataSource, "UPDATE outbound_dead_letter SET replayed_at = UTC_TIMESTAMP(6) WHERE id = ?",
                    letter.id());
        }
        return MeshJson.object().add("id", letter.id()).add("outcome", outcome).build();
    }

    /** Forgets the agent's letters of this relay (the target is gone); {@code targetKey} null: all of them. */
    void forget(String relay, String agentId, String targetKey) {
        if (targetKey == null) {
            Jdbc.update(dataSource, "DELETE FROM outbound_dead_letter WHERE relay = ? AND agent_id = ?", relay,
                    agentId);
        } else {
            Jdbc.update(dataSource, "DELETE FROM outbound_dead_letter WHERE relay = ? AND agent_id = ?"
                    + " AND target_key = ?", relay, agentId, targetKey);
        }
    }

    static String truncate(String error) {
        return error == null || error.length() <= 1000 ? error : error.substring(0, 1000);
    }

    private static Instant instant(Object value) {
        return value == null ? null : UtcTime.toInstant(UtcDateTimeConverter.read(value));
    }
}
