package agentmesh.client;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The admin side of the API ({@code /admin}, with the admin token): agents and their tokens, who may talk to whom,
 * the outbox, dead letters and the stats document. Thread-safe.
 */
public final class MeshAdmin {

    private final MeshHttp http;

    private MeshAdmin(MeshHttp http) {
        this.http = http;
    }

    /** A client with the admin token at the API's base URL ({@code …/mesh/api/v1/}) and the default retries. */
    public static MeshAdmin connect(URI baseUrl, String adminToken) {
        return connect(baseUrl, adminToken, RetryPolicy.DEFAULT);
    }

    public static MeshAdmin connect(URI baseUrl, String adminToken, RetryPolicy retries) {
        return new MeshAdmin(new MeshHttp(MeshAgent.defaultHttpClient(), Objects.requireNonNull(baseUrl),
                Objects.requireNonNull(adminToken), retries, Duration.ofSeconds(30)));
    }

    /** An agent with the token it authenticates with; the mesh shows a token only this once. */
    public record Credentials(String agentId, String displayName, String token) {
    }

    /** A registered agent and the agents it may talk to. */
    public record AgentInfo(String agentId, String displayName, Instant createdAt, List<String> contacts) {
    }

    /** A page of agents in id order; {@code nextCursor} null after the last. */
    public record AgentPage(List<AgentInfo> agents, String nextCursor) {
    }

    /** An event of the outbox: waiting to be published, published, or dead after its attempts. */
    public record OutboxEvent(long id, String key, String type, String taskId, String status, int attempts,
                              Instant nextAttemptAt, String lastError, Instant createdAt, Instant sentAt) {
    }

    /** A record the inbox consumer could not deliver and set aside. */
    public record DeadLetter(long id, String topic, int partition, long offset, String key, String error,
                             int attempts, String status, Instant createdAt, Instant replayedAt) {
    }

    /**
     * Registers an agent and returns its token.
     *
     * @throws MeshProblemException.Conflict the id is taken
     */
    public Credentials registerAgent(String agentId, String displayName) {
        JsonObject body = Json.createObjectBuilder().add("agentId", agentId).add("displayName", displayName).build();
        return credentials(http.post("admin/agents", body, MeshHttp.Repeat.WHEN_REFUSED).body());
    }

    public AgentInfo agent(String agentId) {
        return agentInfo(http.get("admin/agents/" + segment(agentId)).body());
    }

    /** Agents in id order after {@code cursor} (null: from the first). */
    public AgentPage agents(String cursor, int limit) {
        String path = "admin/agents?limit=" + limit + (cursor == null ? "" : "&cursor=" + segment(cursor));
        JsonObject page = http.get(path).body();
        return new AgentPage(Wire.list(page, "agents", MeshAdmin::agentInfo), Wire.optionalString(page, "nextCursor"));
    }

    /** A new token for the agent; the old one stops working at once (its open streams end). */
    public Credentials rotateToken(String agentId) {
        return credentials(http.post("admin/agents/" + segment(agentId) + "/token", Json.createObjectBuilder()
                .build(), MeshHttp.Repeat.WHEN_REFUSED).body());
    }

    /** Lets the two agents talk, both ways (idempotent). */
    public void allow(String agentId, String otherAgentId) {
        http.post(contact(agentId, otherAgentId), Json.createObjectBuilder().build(), MeshHttp.Repeat.ALWAYS);
    }

    /** Ends the two agents' permission to talk (idempotent). */
    public void revoke(String agentId, String otherAgentId) {
        http.delete(contact(agentId, otherAgentId));
    }

    /** Outbox events by status ({@code pending}, {@code sent} or {@code failed}), oldest first. */
    public List<OutboxEvent> outbox(String status, int limit) {
        return Wire.list(http.get("admin/outbox?status=" + segment(status) + "&limit=" + limit).body(), "events",
                json -> new OutboxEvent(json.getJsonNumber("id").longValue(), json.getString("key"),
                        json.getString("type"), Wire.optionalString(json, "taskId"), json.getString("status"),
                        json.getInt("attempts"), Wire.instant(json, "nextAttemptAt"),
                        Wire.optionalString(json, "lastError"), Wire.instant(json, "createdAt"),
                        Wire.instant(json, "sentAt")));
    }

    /** Puts a dead outbox event back to be published. */
    public void retryOutboxEvent(long id) {
        http.post("admin/outbox/" + id + "/retry", Json.createObjectBuilder().build(), MeshHttp.Repeat.WHEN_REFUSED);
    }

    public List<DeadLetter> deadLetters() {
        return Wire.list(http.get("admin/dead-letters").body(), "deadLetters",
                json -> new DeadLetter(json.getJsonNumber("id").longValue(), json.getString("topic"),
                        json.getInt("partition"), json.getJsonNumber("offset").longValue(),
                        Wire.optionalString(json, "key"), Wire.optionalString(json, "error"), json.getInt("attempts"),
                        json.getString("status"), Wire.instant(json, "createdAt"), Wire.instant(json, "replayedAt")));
    }

    /** Delivers a dead letter once more; a second replay is refused. */
    public void replayDeadLetter(long id) {
        http.post("admin/dead-letters/" + id + "/replay", Json.createObjectBuilder().build(),
                MeshHttp.Repeat.WHEN_REFUSED);
    }

    /** The stats document ({@code GET /admin/stats}: outbox, consumer lag, tasks by state, recent faults …). */
    public JsonObject stats() {
        return http.get("admin/stats").body();
    }

    private static Credentials credentials(JsonObject json) {
        return new Credentials(json.getString("agentId"), Wire.optionalString(json, "displayName"),
                json.getString("token"));
    }

    private static AgentInfo agentInfo(JsonObject json) {
        List<String> contacts = json.containsKey("contacts") && !json.isNull("contacts")
                ? json.getJsonArray("contacts").getValuesAs(JsonString.class).stream()
                        .map(JsonString::getString).toList()
                : List.of();
        return new AgentInfo(json.getString("agentId"), Wire.optionalString(json, "displayName"),
                Wire.instant(json, "createdAt"), contacts);
    }

    private static String contact(String agentId, String otherAgentId) {
        return "admin/agents/" + segment(agentId) + "/contacts/" + segment(otherAgentId);
    }

    private static String segment(String value) {
        return URLEncoder.encode(Objects.requireNonNull(value), StandardCharsets.UTF_8);
    }
}
