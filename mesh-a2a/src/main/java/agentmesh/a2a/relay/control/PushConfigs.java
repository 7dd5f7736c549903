package agentmesh.a2a.relay.control;

import agentmesh.a2a.relay.entity.PushConfig;
import agentmesh.jdbc.Jdbc;
import agentmesh.json.MeshJson;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * The push configs' rows ({@code push_config}): whose webhook, for which task, and how far the client's inbox events
 * of that task have been pushed ({@link RelayLeases}: one instance pushes a config at a time). As for remote agents,
 * a token or credentials are stored sealed ({@link RemoteSecrets}, bound to the client agent) and opened only into a
 * {@link Target}.
 */
@ApplicationScoped
public class PushConfigs extends RelayTargets<PushConfigs.Target> {

    private static final String CONFIG = "task_id, config_id, url, auth_scheme";

    public PushConfigs() {
        super(
                OutboundDeadLetters.PUSH,
                new RelayLeases.Rows(
                        "push_config",
                        List.of("task_id", "agent_id", "config_id"),
                        "pushed_cursor",
                        "ended_at IS NULL"),
                "task_id, config_id, agent_id, protocol_version, url, token, auth_scheme, auth_credentials,"
                        + " pushed_cursor, attempts, refusals");
    }

    /**
     * What the push relay needs to call a webhook. {@code secretProblem}: why a stored token or credentials cannot
     * be opened (the config is then not called).
     */
    record Target(
            String taskId,
            String configId,
            String agentId,
            String protocolVersion,
            String url,
            String token,
            String authScheme,
            String authCredentials,
            String secretProblem,
            long pushedCursor,
            int attempts,
            int refusals)
            implements CursorRelay.Target {

        @Override
        public String key() {
            return taskId + "/" + agentId + "/" + configId;
        }

        @Override
        public long cursor() {
            return pushedCursor;
        }

        /** The dead letters' name for it, beside its agent: the task and the config. */
        String letterKey() {
            return taskId + "/" + configId;
        }

        @Override
        public String toString() {
            return "Target[" + key() + " to " + url + "]";
        }
    }

    /** A config as an admin sees it (never its secrets). */
    public record View(
            String agentId,
            String taskId,
            String configId,
            String url,
            String protocolVersion,
            long pushedCursor,
            int attempts,
            String lastError,
            boolean ended) {}

    /** The client's configs that are not ended. */
    int liveCount(String agentId) {
        return Jdbc.query(
                        dataSource,
                        "SELECT COUNT(*) FROM push_config WHERE agent_id = ? AND ended_at IS NULL",
                        row -> row.getInt(1),
                        agentId)
                .get(0);
    }

    /**
     * Stores the config, or replaces what the same id of the same client for the task says (its cursor stays). A new
     * config pushes what comes after {@code fromCursor} of the client's inbox, or (null) after the inbox as it stands:
     * updates come from then on.
     */
    void save(String agentId, String protocolVersion, PushConfig config, Long fromCursor) {
        RemoteSecrets secrets = settings.secrets();
        Jdbc.update(
                dataSource,
                """
                INSERT INTO push_config (task_id, agent_id, config_id, protocol_version, url, token, auth_scheme,
                  auth_credentials, pushed_cursor, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, COALESCE(?,
                  (SELECT COALESCE(MAX(last_cursor), 0) FROM inbox_cursor WHERE agent_id = ?)), UTC_TIMESTAMP(6))
                ON DUPLICATE KEY UPDATE protocol_version = VALUES(protocol_version), url = VALUES(url),
                  token = VALUES(token), auth_scheme = VALUES(auth_scheme),
                  auth_credentials = VALUES(auth_credentials), attempts = 0, refusals = 0, next_attempt_at = NULL,
                  last_error = NULL""",
                config.taskId(),
                agentId,
                config.id(),
                protocolVersion,
                config.url(),
                config.token() == null ? null : secrets.seal(agentId, config.token()),
                config.authScheme(),
                config.authCredentials() == null ? null : secrets.seal(agentId, config.authCredentials()),
                fromCursor,
                agentId);
    }

    /** Where the agent's inbox stands: its last cursor, 0 before its first event. */
    long inboxPosition(String agentId) {
        return Jdbc.query(
                        dataSource,
                        "SELECT last_cursor FROM inbox_cursor WHERE agent_id = ?",
                        row -> row.getLong(1),
                        agentId)
                .stream()
                .findFirst()
                .orElse(0L);
    }

    Optional<PushConfig> find(String agentId, String taskId, String configId) {
        return Jdbc.query(
                        dataSource,
                        "SELECT " + CONFIG + " FROM push_config WHERE task_id = ? AND agent_id = ?"
                                + " AND config_id = ?",
                        PushConfigs::config,
                        taskId,
                        agentId,
                        configId)
                .stream()
                .findFirst();
    }

    /** The client's configs of the task, in id order, at most {@code limit} after {@code afterId} (null: from the first). */
    List<PushConfig> list(String agentId, String taskId, String afterId, int limit) {
        return Jdbc.query(
                dataSource,
                "SELECT " + CONFIG + " FROM push_config WHERE task_id = ? AND agent_id = ?"
                        + " AND config_id > ? ORDER BY config_id LIMIT ?",
                PushConfigs::config,
                taskId,
                agentId,
                afterId == null ? "" : afterId,
                limit);
    }

    /** Deletes the config and its dead letters; true when there was one. */
    boolean delete(String agentId, String taskId, String configId) {
        boolean deleted = Jdbc.update(
                        dataSource,
                        "DELETE FROM push_config WHERE task_id = ? AND agent_id = ?" + " AND config_id = ?",
                        taskId,
                        agentId,
                        configId)
                == 1;
        deadLetters.forget(OutboundDeadLetters.PUSH, agentId, taskId + "/" + configId);
        return deleted;
    }

    /** Every config of the client's, for an admin, newest first. */
    List<View> views(String agentId) {
        return Jdbc.query(
                dataSource,
                "SELECT agent_id, task_id, config_id, url, protocol_version, pushed_cursor,"
                        + " attempts, last_error, ended_at IS NOT NULL FROM push_config WHERE agent_id = ?"
                        + " ORDER BY created_at DESC LIMIT 200",
                row -> new View(
                        row.getString(1),
                        row.getString(2),
                        row.getString(3),
                        row.getString(4),
                        row.getString(5),
                        row.getLong(6),
                        row.getInt(7),
                        row.getString(8),
                        row.getBoolean(9)),
                agentId);
    }

    /** The clients with configs not ended: the push relay listens for their inbox signals. */
    @Override
    public List<String> agentIds() {
        return Jdbc.query(
                dataSource,
                "SELECT DISTINCT agent_id FROM push_config WHERE ended_at IS NULL",
                row -> row.getString(1));
    }

    Optional<Target> target(String agentId, String taskId, String configId) {
        return targetAt(taskId, agentId, configId);
    }

    /**
     * The client's next inbox event of the task after {@code cursor}. When there is none, the cursor moves up to the
     * inbox's last, read first: an agent's inbox events commit in cursor order (its cursor row is locked until they
     * do), so none of the task's can come at or below it later, and the next look reads only what came since.
     */
    Optional<JsonObject> next(Target target, long cursor) {
        long last = inboxPosition(target.agentId());
        Optional<JsonObject> event = Jdbc.query(
                        dataSource,
                        "SELECT cursor_no, payload FROM inbox_event"
                                + " WHERE agent_id = ? AND cursor_no > ? AND task_id = ? ORDER BY cursor_no LIMIT 1",
                        row -> withCursor(row.getLong(1), row.getString(2)),
                        target.agentId(),
                        cursor,
                        target.taskId())
                .stream()
                .findFirst();
        if (event.isEmpty() && last > cursor) {
            leases.passOver(last, rowKey(target));
        }
        return event;
    }

    @Override
    Object[] rowKey(Target target) {
        return new Object[] {target.taskId(), target.agentId(), target.configId()};
    }

    @Override
    String letterKey(Target target) {
        return target.letterKey();
    }

    /** The task's final status is pushed: nothing more comes, and the config is no longer leased. */
    void ended(Target target) {
        Jdbc.update(
                dataSource,
                "UPDATE push_config SET ended_at = UTC_TIMESTAMP(6), leased_by = NULL,"
                        + " leased_until = NULL WHERE task_id = ? AND agent_id = ? AND config_id = ?",
                target.taskId(),
                target.agentId(),
                target.configId());
    }

    /**
     * Ends the configs of tasks over for an hour whose final status never came to the client (it set it itself:
     * its own change is no event of its inbox), and forgets the configs ended a day ago: neither is delivered to any
     * more, and neither counts against the client's bound.
     */
    @Override
    public void tidy() {
        Jdbc.update(
                dataSource,
                "UPDATE push_config pc JOIN task t ON t.task_id = pc.task_id"
                        + " SET pc.ended_at = UTC_TIMESTAMP(6), pc.leased_by = NULL, pc.leased_until = NULL"
                        + " WHERE pc.ended_at IS NULL AND t.state IN ('COMPLETED', 'FAILED', 'CANCELED', 'REJECTED')"
                        + " AND t.updated_at < UTC_TIMESTAMP(6) - INTERVAL 1 HOUR");
        Jdbc.update(dataSource, "DELETE FROM push_config WHERE ended_at < UTC_TIMESTAMP(6) - INTERVAL 1 DAY");
    }

    @Override
    Target target(ResultSet row) throws SQLException {
        String agentId = row.getString(3);
        String token = null;
        String credentials = null;
        String secretProblem = null;
        try {
            token = row.getString(6) == null ? null : settings.secrets().open(agentId, row.getString(6));
            credentials = row.getString(8) == null ? null : settings.secrets().open(agentId, row.getString(8));
        } catch (RemoteSecrets.UnreadableSecretException e) {
            secretProblem = e.getMessage();
        }
        return new Target(
                row.getString(1),
                row.getString(2),
                agentId,
                row.getString(4),
                row.getString(5),
                token,
                row.getString(7),
                credentials,
                secretProblem,
                row.getLong(9),
                row.getInt(10),
                row.getInt(11));
    }

    private static PushConfig config(ResultSet row) throws SQLException {
        return new PushConfig(row.getString(1), row.getString(2), row.getString(3), null, row.getString(4), null);
    }

    private static JsonObject withCursor(long cursor, String payload) {
        JsonObjectBuilder event = MeshJson.object().add("cursor", cursor);
        MeshJson.readObject(payload).forEach(event::add);
        return event.build();
    }
}
