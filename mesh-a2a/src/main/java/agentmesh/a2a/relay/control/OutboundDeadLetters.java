package agentmesh.a2a.relay.control;

import agentmesh.a2a.relay.entity.DeadLetter;
import agentmesh.datasource.MeshDataSource;
import agentmesh.deadletter.DeadLetterCount;
import agentmesh.deadletter.DeadLetterPage;
import agentmesh.deadletter.DeadLetterReplay;
import agentmesh.inbox.control.InboxPage;
import agentmesh.inbox.control.InboxReader;
import agentmesh.jdbc.Jdbc;
import agentmesh.time.UtcDateTimeConverter;
import agentmesh.time.UtcTime;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.NotFoundException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
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
    /** A replay's attempt as its call's span counts it: the parked event was tried before, how often is not kept. */
    static final int REPLAY_ATTEMPT = 1;

    private static final String COLUMNS = "id, agent_id, target_key, cursor_no, error, parked_at, replayed_at";

    @Resource(lookup = MeshDataSource.IN_USE)
    DataSource dataSource;

    @Inject
    InboxReader inbox;

    void park(String relay, String agentId, String targetKey, long cursor, String error) {
        Jdbc.update(
                dataSource,
                "INSERT INTO outbound_dead_letter (relay, agent_id, target_key, cursor_no, error,"
                        + " parked_at) VALUES (?, ?, ?, ?, ?, UTC_TIMESTAMP(6))",
                relay,
                agentId,
                targetKey,
                cursor,
                truncate(error));
    }

    /** The agent's letters of this relay after the cursor, in the order parked (replayed ones too, marked so). */
    DeadLetterPage<DeadLetter> list(String relay, String agentId, long cursor, int limit) {
        return DeadLetterPage.of(
                Jdbc.query(
                        dataSource,
                        "SELECT " + COLUMNS + " FROM outbound_dead_letter"
                                + " WHERE relay = ? AND agent_id = ? AND id > ? ORDER BY id LIMIT ?",
                        OutboundDeadLetters::letter,
                        relay,
                        agentId,
                        cursor,
                        limit + 1),
                limit,
                DeadLetter::id);
    }

    /** How many of the agent's letters of this relay are not replayed yet. */
    DeadLetterCount count(String relay, String agentId) {
        return new DeadLetterCount(Jdbc.query(
                        dataSource,
                        "SELECT COUNT(*) FROM outbound_dead_letter"
                                + " WHERE relay = ? AND agent_id = ? AND replayed_at IS NULL",
                        row -> row.getLong(1),
                        relay,
                        agentId)
                .get(0));
    }

    Optional<DeadLetter> find(String relay, String agentId, long id) {
        return Jdbc.query(
                        dataSource,
                        "SELECT " + COLUMNS + " FROM outbound_dead_letter"
                                + " WHERE relay = ? AND agent_id = ? AND id = ?",
                        OutboundDeadLetters::letter,
                        relay,
                        agentId,
                        id)
                .stream()
                .findFirst();
    }

    private static DeadLetter letter(ResultSet row) throws SQLException {
        return new DeadLetter(
                row.getLong(1),
                row.getString(2),
                row.getString(3),
                row.getLong(4),
                row.getString(5),
                instant(row.getObject(6)),
                instant(row.getObject(7)));
    }

    /**
     * Delivers the parked event now, out of its turn, and notes a delivered one as replayed → what an admin reads:
     * {@code {"id", "outcome": "delivered" | "refused: …" | "unreachable: …" | "not allowed: …"}}. 404 when the
     * inbox event is gone (purged).
     */
    DeadLetterReplay replay(DeadLetter letter, Function<JsonObject, A2aCalls.Reply> deliver) {
        InboxPage page = inbox.after(letter.agentId(), letter.cursor() - 1, 1);
        if (page.events().isEmpty()
                || page.events().get(0).getJsonNumber("cursor").longValue() != letter.cursor()) {
            throw new NotFoundException("inbox event " + letter.cursor() + " of " + letter.agentId() + " is gone");
        }
        A2aCalls.Reply reply = deliver.apply(page.events().get(0));
        String outcome = reply instanceof A2aCalls.Refused refused
                ? "refused: " + refused.why()
                : reply instanceof A2aCalls.Unreachable unreachable
                        ? "unreachable: " + unreachable.why()
                        : reply instanceof A2aCalls.NotAllowed notAllowed
                                ? "not allowed: " + notAllowed.why()
                                : "delivered";
        if (reply instanceof A2aCalls.Result) {
            Jdbc.update(
                    dataSource,
                    "UPDATE outbound_dead_letter SET replayed_at = UTC_TIMESTAMP(6) WHERE id = ?",
                    letter.id());
        }
        return new DeadLetterReplay(letter.id(), outcome);
    }

    /** Forgets the agent's letters of this relay (the target is gone); {@code targetKey} null: all of them. */
    void forget(String relay, String agentId, String targetKey) {
        if (targetKey == null) {
            Jdbc.update(
                    dataSource, "DELETE FROM outbound_dead_letter WHERE relay = ? AND agent_id = ?", relay, agentId);
        } else {
            Jdbc.update(
                    dataSource,
                    "DELETE FROM outbound_dead_letter WHERE relay = ? AND agent_id = ?" + " AND target_key = ?",
                    relay,
                    agentId,
                    targetKey);
        }
    }

    static String truncate(String error) {
        return error == null || error.length() <= 1000 ? error : error.substring(0, 1000);
    }

    private static Instant instant(Object value) {
        return value == null ? null : UtcTime.toInstant(UtcDateTimeConverter.read(value));
    }
}
