package agentmesh.a2a.relay.control;

import agentmesh.jdbc.Jdbc;
import agentmesh.time.UtcDateTimeConverter;
import agentmesh.time.UtcTime;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The remote agents' rows: where each is called, and how far its inbox has been relayed ({@link RelayLeases}: one
 * server instance relays an agent at a time; a crashed instance's agents move on after its lease). Bearer tokens
 * are stored sealed ({@link RemoteSecrets}) and opened only into a {@link Target}, which never shows them. A remote
 * task is followed until its server has said it is over (or the relay gave up on it), whether or not the mesh task
 * could end with it.
 */
@ApplicationScoped
public class RemoteAgents extends RelayTargets<RemoteAgents.Target> {

    public RemoteAgents() {
        super(
                OutboundDeadLetters.REMOTE,
                new RelayLeases.Rows("remote_agent", List.of("agent_id"), "relayed_cursor", "TRUE"),
                "agent_id, card_url, endpoint, protocol_version, secret, streaming, relayed_cursor, attempts, refusals");
    }

    /** A remote agent as the admin sees it (never its secret). */
    public record View(
            String agentId,
            String cardUrl,
            String endpoint,
            String protocolVersion,
            String name,
            long relayedCursor,
            int attempts,
            Instant nextAttemptAt,
            String lastError) {}

    /**
     * What the relay needs to call it. {@code secret}: its bearer token, null when there is none or when the stored
     * one cannot be opened — then {@code secretProblem} says why, and the agent is not called.
     */
    record Target(
            String agentId,
            String cardUrl,
            String endpoint,
            String protocolVersion,
            String secret,
            String secretProblem,
            boolean streaming,
            long relayedCursor,
            int attempts,
            int refusals)
            implements CursorRelay.Target {

        @Override
        public String key() {
            return agentId;
        }

        @Override
        public long cursor() {
            return relayedCursor;
        }

        boolean hasSecret() {
            return secret != null || secretProblem != null;
        }

        @Override
        public String toString() {
            return "Target[" + agentId + " at " + endpoint + (hasSecret() ? ", with a bearer token" : "") + "]";
        }
    }

    /** The remote server's ids of a mesh task it works on. */
    record RemoteTask(String remoteTaskId, String remoteContextId) {}

    /** A task of a remote agent's that is not over: the relay follows it until it is. */
    record OpenTask(String taskId, String agentId, String remoteTaskId, String counterpart) {}

    /**
     * Attaches the agent, or replaces what its attachment says. A new attachment relays from the agent's inbox as it
     * stands — what came before it was for no remote server, and would be sent all at once; a replaced one goes on
     * from where its relay stood.
     */
    void attach(String agentId, String cardUrl, RemoteCard card, String secret) {
        Jdbc.update(
                dataSource,
                """
                INSERT INTO remote_agent (agent_id, card_url, endpoint, protocol_version, name, streaming, secret,
                  relayed_cursor)
                VALUES (?, ?, ?, ?, ?, ?, ?,
                  (SELECT COALESCE(MAX(last_cursor), 0) FROM inbox_cursor WHERE agent_id = ?))
                ON DUPLICATE KEY UPDATE card_url = VALUES(card_url), endpoint = VALUES(endpoint),
                  protocol_version = VALUES(protocol_version), name = VALUES(name), streaming = VALUES(streaming),
                  secret = VALUES(secret), attempts = 0, refusals = 0, next_attempt_at = NULL, last_error = NULL""",
                agentId,
                cardUrl,
                card.endpoint(),
                card.protocolVersion(),
                card.name(),
                card.streaming(),
                settings.secrets().seal(agentId, secret),
                agentId);
    }

    /** Detaches the agent, and forgets its followed tasks and dead letters: nothing of its remote server stays. */
    boolean detach(String agentId) {
        boolean attached = Jdbc.update(dataSource, "DELETE FROM remote_agent WHERE agent_id = ?", agentId) == 1;
        Jdbc.update(dataSource, "DELETE FROM remote_task WHERE agent_id = ?", agentId);
        deadLetters.forget(OutboundDeadLetters.REMOTE, agentId, null);
        return attached;
    }

    Optional<View> view(String agentId) {
        return Jdbc.query(
                        dataSource,
                        "SELECT agent_id, card_url, endpoint, protocol_version, name, relayed_cursor,"
                                + " attempts, next_attempt_at, last_error FROM remote_agent WHERE agent_id = ?",
                        row -> new View(
                                row.getString(1),
                                row.getString(2),
                                row.getString(3),
                                row.getString(4),
                                row.getString(5),
                                row.getLong(6),
                                row.getInt(7),
                                instant(row.getObject(8)),
                                row.getString(9)),
                        agentId)
                .stream()
                .findFirst();
    }

    /** The ids of every remote agent: the relay listens for their inbox signals. */
    @Override
    public List<String> agentIds() {
        return Jdbc.query(dataSource, "SELECT agent_id FROM remote_agent", row -> row.getString(1));
    }

    Optional<Target> target(String agentId) {
        return targetAt(agentId);
    }

    @Override
    Object[] rowKey(Target target) {
        return new Object[] {target.agentId()};
    }

    @Override
    String letterKey(Target target) {
        return null;
    }

    /** The tasks of these agents that are not over, that their servers have named and not yet said are over. */
    List<OpenTask> openTasks(List<String> agentIds) {
        if (agentIds.isEmpty()) {
            return List.of();
        }
        return Jdbc.query(
                dataSource,
                "SELECT rt.task_id, rt.agent_id, rt.remote_task_id,"
                        + " CASE WHEN t.requester = rt.agent_id THEN t.assignee ELSE t.requester END"
                        + " FROM remote_task rt JOIN task t ON t.task_id = rt.task_id"
                        + " WHERE rt.agent_id IN (" + Jdbc.placeholders(agentIds.size()) + ")"
                        + " AND t.state IN ('SUBMITTED', 'WORKING') AND rt.ended_at IS NULL",
                row -> new OpenTask(row.getString(1), row.getString(2), row.getString(3), row.getString(4)),
                agentIds.toArray());
    }

    /** The remote server's ids for a mesh task, once it has answered one. */
    Optional<RemoteTask> remoteTask(String taskId) {
        return Jdbc.query(
                        dataSource,
                        "SELECT remote_task_id, remote_context_id FROM remote_task WHERE task_id = ?",
                        row -> new RemoteTask(row.getString(1), row.getString(2)),
                        taskId)
                .stream()
                .findFirst();
    }

    /** Another remote task for the mesh task is followed anew; the same one keeps whether it is over. */
    void mapTask(String taskId, String agentId, String remoteTaskId, String remoteContextId) {
        // ended_at first: MySQL assigns left to right, so it still compares with the old remote_task_id.
        Jdbc.update(
                dataSource,
                "INSERT INTO remote_task (task_id, agent_id, remote_task_id, remote_context_id)"
                        + " VALUES (?, ?, ?, ?) ON DUPLICATE KEY UPDATE"
                        + " ended_at = IF(remote_task_id = VALUES(remote_task_id), ended_at, NULL),"
                        + " remote_task_id = VALUES(remote_task_id), remote_context_id = VALUES(remote_context_id)",
                taskId,
                agentId,
                remoteTaskId,
                remoteContextId);
    }

    /** The remote task of this mesh task is over (or given up on): it is not followed any more. */
    void ended(String taskId) {
        Jdbc.update(
                dataSource,
                "UPDATE remote_task SET ended_at = UTC_TIMESTAMP(6) WHERE task_id = ?" + " AND ended_at IS NULL",
                taskId);
    }

    @Override
    Target target(ResultSet row) throws SQLException {
        String agentId = row.getString(1);
        String secret = null;
        String secretProblem = null;
        try {
            secret = settings.secrets().open(agentId, row.getString(5));
        } catch (RemoteSecrets.UnreadableSecretException e) {
            secretProblem = e.getMessage();
        }
        return new Target(
                agentId,
                row.getString(2),
                row.getString(3),
                row.getString(4),
                secret,
                secretProblem,
                row.getBoolean(6),
                row.getLong(7),
                row.getInt(8),
                row.getInt(9));
    }

    private static Instant instant(Object value) {
        return value == null ? null : UtcTime.toInstant(UtcDateTimeConverter.read(value));
    }
}
