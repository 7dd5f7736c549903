package agentmesh.a2a.remote;

import agentmesh.platform.Jdbc;
import agentmesh.platform.MeshDataSource;
import agentmesh.platform.UtcDateTimeConverter;
import agentmesh.platform.UtcTime;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * The remote agents' rows: where each is called, and how far its inbox has been relayed. Each statement stands alone
 * (no transaction spans a call to a remote server). One server instance relays an agent at a time: it holds a lease
 * on the row, renewed at every event, that another instance may take only once it has run out — so a crashed
 * instance's agents move on after {@link #LEASE}.
 */
@ApplicationScoped
public class RemoteAgents {

    static final Duration LEASE = Duration.ofSeconds(60);
    private static final String TARGET = "agent_id, endpoint, protocol_version, secret, streaming, relayed_cursor,"
            + " attempts, refusals";

    @Resource(lookup = MeshDataSource.IN_USE)
    DataSource dataSource;

    private final String instance = UUID.randomUUID().toString();

    /** A remote agent as the admin sees it (never its secret). */
    public record View(String agentId, String cardUrl, String endpoint, String protocolVersion, String name,
                       long relayedCursor, int attempts, Instant nextAttemptAt, String lastError) {
    }

    /** What the relay needs to call it. */
    record Target(String agentId, String endpoint, String protocolVersion, String secret, boolean streaming,
                  long relayedCursor, int attempts, int refusals) {
    }

    /** A task of a remote agent's that is not over: the relay follows it until it is. */
    record OpenTask(String taskId, String agentId, String remoteTaskId, String counterpart) {
    }

    public record DeadLetter(long id, String agentId, long cursor, String error, Instant parkedAt,
                             Instant replayedAt) {
    }

    void attach(String agentId, String cardUrl, RemoteCard card, String secret) {
        Jdbc.update(dataSource, """
                INSERT INTO remote_agent (agent_id, card_url, endpoint, protocol_version, name, streaming, secret)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON DUPLICATE KEY UPDATE card_url = VALUES(card_url), endpoint = VALUES(endpoint),
                  protocol_version = VALUES(protocol_version), name = VALUES(name), streaming = VALUES(streaming),
                  secret = VALUES(secret), attempts = 0, refusals = 0, next_attempt_at = NULL, last_error = NULL""",
                agentId, cardUrl, card.endpoint(), card.protocolVersion(), card.name(), card.streaming(), secret);
    }

    boolean detach(String agentId) {
        return Jdbc.update(dataSource, "DELETE FROM remote_agent WHERE agent_id = ?", agentId) == 1;
    }

    Optional<View> view(String agentId) {
        return Jdbc.query(dataSource, "SELECT agent_id, card_url, endpoint, protocol_version, name, relayed_cursor,"
                        + " attempts, next_attempt_at, last_error FROM remote_agent WHERE agent_id = ?",
                row -> new View(row.getString(1), row.getString(2), row.getString(3), row.getString(4),
                        row.getString(5), row.getLong(6), row.getInt(7), instant(row.getObject(8)),
                        row.getString(9)), agentId).stream().findFirst();
    }

    /** The ids of every remote agent: the relay listens for their inbox signals. */
    List<String> ids() {
        return Jdbc.query(dataSource, "SELECT agent_id FROM remote_agent", row -> row.getString(1));
    }

    /**
     * Takes or renews the lease on each remote agent that is due (not backing off) and not leased by another
     * instance; returns those now this instance's to relay.
     */
    List<Target> claimDue() {
        Jdbc.update(dataSource, "UPDATE remote_agent SET leased_by = ?, leased_until = UTC_TIMESTAMP(6) + INTERVAL ?"
                        + " SECOND WHERE (leased_by = ? OR leased_until IS NULL OR leased_until < UTC_TIMESTAMP(6))",
                instance, LEASE.toSeconds(), instance);
        return Jdbc.query(dataSource, "SELECT " + TARGET + " FROM remote_agent WHERE leased_by = ?"
                        + " AND (next_attempt_at IS NULL OR next_attempt_at <= UTC_TIMESTAMP(6))",
                RemoteAgents::target, instance);
    }

    Optional<Target> target(String agentId) {
        return Jdbc.query(dataSource, "SELECT " + TARGET + " FROM remote_agent WHERE agent_id = ?",
                RemoteAgents::target, agentId).stream().findFirst();
    }

    /** The event at {@code cursor} is done with (acknowledged, or parked): the next one is due at once. */
    boolean advance(String agentId, long cursor) {
        return Jdbc.update(dataSource, "UPDATE remote_agent SET relayed_cursor = ?, attempts = 0, refusals = 0,"
                + " next_attempt_at = NULL, last_error = NULL WHERE agent_id = ? AND leased_by = ?"
                + " AND relayed_cursor < ?", cursor, agentId, instance, cursor) == 1;
    }

    void failed(String agentId, int attempts, int refusals, Duration backoff, String error) {
        Jdbc.update(dataSource, "UPDATE remote_agent SET attempts = ?, refusals = ?, last_error = ?,"
                        + " next_attempt_at = UTC_TIMESTAMP(6) + INTERVAL ? MICROSECOND WHERE agent_id = ?",
                attempts, refusals, truncate(error), backoff.toNanos() / 1_000, agentId);
    }

    void park(String agentId, long cursor, String error) {
        Jdbc.update(dataSource, "INSERT INTO remote_dead_letter (agent_id, cursor_no, error, parked_at)"
                + " VALUES (?, ?, ?, UTC_TIMESTAMP(6))", agentId, cursor, truncate(error));
        advance(agentId, cursor);
    }

    List<DeadLetter> deadLetters(String agentId) {
        return Jdbc.query(dataSource, "SELECT id, agent_id, cursor_no, error, parked_at, replayed_at"
                        + " FROM remote_dead_letter WHERE agent_id = ? ORDER BY id DESC LIMIT 200",
                row -> new DeadLetter(row.getLong(1), row.getString(2), row.getLong(3), row.getString(4),
                        instant(row.getObject(5)), instant(row.getObject(6))), agentId);
    }

    Optional<DeadLetter> deadLetter(String agentId, long id) {
        return deadLetters(agentId).stream().filter(letter -> letter.id() == id).findFirst();
    }

    void replayed(long id) {
        Jdbc.update(dataSource, "UPDATE remote_dead_letter SET replayed_at = UTC_TIMESTAMP(6) WHERE id = ?", id);
    }

    /** The tasks of these agents that are not over and that their servers have named. */
    List<OpenTask> openTasks(List<String> agentIds) {
        if (agentIds.isEmpty()) {
            return List.of();
        }
        return Jdbc.query(dataSource, "SELECT rt.task_id, rt.agent_id, rt.remote_task_id,"
                        + " CASE WHEN t.requester = rt.agent_id THEN t.assignee ELSE t.requester END"
                        + " FROM remote_task rt JOIN task t ON t.task_id = rt.task_id"
                        + " WHERE rt.agent_id IN (" + Jdbc.placeholders(agentIds.size()) + ")"
                        + " AND t.state IN ('SUBMITTED', 'WORKING')",
                row -> new OpenTask(row.getString(1), row.getString(2), row.getString(3), row.getString(4)),
                agentIds.toArray());
    }

    /** The remote server's id for a mesh task, once it has answered one. */
    Optional<String> remoteTaskId(String taskId) {
        return Jdbc.query(dataSource, "SELECT remote_task_id FROM remote_task WHERE task_id = ?",
                row -> row.getString(1), taskId).stream().findFirst();
    }

    void mapTask(String taskId, String agentId, String remoteTaskId, String remoteContextId) {
        Jdbc.update(dataSource, "INSERT INTO remote_task (task_id, agent_id, remote_task_id, remote_context_id)"
                + " VALUES (?, ?, ?, ?) ON DUPLICATE KEY UPDATE remote_task_id = VALUES(remote_task_id),"
                + " remote_context_id = VALUES(remote_context_id)", taskId, agentId, remoteTaskId, remoteContextId);
    }

    private static Target target(java.sql.ResultSet row) throws java.sql.SQLException {
        return new Target(row.getString(1), row.getString(2), row.getString(3), row.getString(4),
                row.getBoolean(5), row.getLong(6), row.getInt(7), row.getInt(8));
    }

    private static String truncate(String error) {
        return error == null || error.length() <= 1000 ? error : error.substring(0, 1000);
    }

    private static Instant instant(Object value) {
        return value == null ? null : UtcTime.toInstant(UtcDateTimeConverter.read(value));
    }
}
