package agentmesh.client;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The admin side of the API ({@code /admin}, with the admin token): agents, their tokens and A2A cards, who may talk
 * to whom, remote A2A agents, push notification configs, the outbox, every kind of dead letter, the idle-task scan
 * and the stats. Thread-safe.
 *
 * <pre>{@code
 * MeshAdmin admin = MeshAdmin.builder(URI.create("http://127.0.0.1:8080/mesh/api/v1/"), adminToken).build();
 * MeshAdmin.Credentials bob = admin.registerAgent("bob-coder@example", "Bob");   // the token, shown once
 * }</pre>
 */
public final class MeshAdmin {

    // What the lists without a cursor read: the API's default page of dead letters.
    private static final int FIRST_PAGE = 100;

    private final MeshHttp http;

    private MeshAdmin(MeshHttp http) {
        this.http = http;
    }

    /** A client with the admin token at the API's base URL ({@code …/mesh/api/v1/}). */
    public static Builder builder(URI baseUrl, String adminToken) {
        return new Builder(baseUrl, adminToken);
    }

    /** Settings of a {@link MeshAdmin}: the mesh's URL and the admin token; the rest have defaults. */
    public static final class Builder extends MeshClientBuilder<Builder> {

        private Builder(URI baseUrl, String adminToken) {
            super(baseUrl, adminToken);
        }

        public MeshAdmin build() {
            return new MeshAdmin(http());
        }
    }

    /** An agent with the token it authenticates with; the mesh shows a token only this once. */
    public record Credentials(String agentId, String displayName, String token) {}

    /** A registered agent and the agents it may talk to. */
    public record AgentInfo(
            String agentId, String displayName, Instant createdAt, List<String> contacts, Instant disabledAt) {

        public boolean disabled() {
            return disabledAt != null;
        }
    }

    /** A page of agents in id order; {@code nextCursor} null after the last. */
    public record AgentPage(List<AgentInfo> agents, String nextCursor) {}

    /** What an agent's A2A card says of it. */
    public record AgentCard(String agentId, String displayName, String description, List<Skill> skills) {}

    /** A skill on an agent's A2A card: all but {@code examples} required (at least one tag), as A2A 1.0 says. */
    public record Skill(String id, String name, String description, List<String> tags, List<String> examples) {

        /** A skill as the API writes it; what is missing stays null (the mesh refuses it naming the field). */
        public static Skill of(JsonObject json) {
            return new Skill(
                    Wire.optionalString(json, "id"),
                    Wire.optionalString(json, "name"),
                    Wire.optionalString(json, "description"),
                    Wire.strings(json, "tags"),
                    Wire.strings(json, "examples"));
        }

        JsonObject json() {
            JsonObjectBuilder skill = Json.createObjectBuilder();
            Wire.addIfSet(skill, "id", id);
            Wire.addIfSet(skill, "name", name);
            Wire.addIfSet(skill, "description", description);
            skill.add("tags", Json.createArrayBuilder(tags == null ? List.of() : tags));
            if (examples != null && !examples.isEmpty()) {
                skill.add("examples", Json.createArrayBuilder(examples));
            }
            return skill.build();
        }
    }

    /** A registered agent that is the mesh's face of an A2A server elsewhere, and where its relay stands. */
    public record RemoteAgent(
            String agentId,
            String cardUrl,
            String endpoint,
            String protocolVersion,
            String name,
            long relayedCursor,
            int attempts,
            Instant nextAttemptAt,
            String lastError) {}

    /** An A2A push notification config an agent set up as a client; its secrets are never shown. */
    public record PushConfig(
            String agentId,
            String taskId,
            String configId,
            String url,
            String protocolVersion,
            long pushedCursor,
            int attempts,
            String lastError,
            boolean ended) {}

    /** An event of the outbox: waiting to be published, published, or dead after its attempts. */
    public record OutboxEvent(
            long id,
            String key,
            String type,
            String taskId,
            String status,
            int attempts,
            Instant nextAttemptAt,
            String lastError,
            Instant createdAt,
            Instant sentAt) {}

    /** A record the inbox consumer could not deliver and set aside. */
    public record DeadLetter(
            long id,
            String topic,
            int partition,
            long offset,
            String key,
            String error,
            int attempts,
            String status,
            Instant createdAt,
            Instant replayedAt) {}

    /**
     * An inbox event a remote A2A agent or a push webhook would not take, parked; {@code targetKey} is the push
     * config's {@code taskId/configId}.
     */
    public record OutboundDeadLetter(
            long id,
            String agentId,
            String targetKey,
            long cursor,
            String error,
            Instant parkedAt,
            Instant replayedAt) {}

    /** What replaying a dead letter did ({@code delivered}, {@code requeued} for an outbox event, or why not). */
    public record Replay(long id, String outcome) {}

    /**
     * One of the mesh's dead-letter stores, through the contract every store has: its letters in pages, in the order
     * they were parked; how many wait for an admin; a replay. Made by {@link #outboxDeadLetterStore},
     * {@link #consumerDeadLetterStore}, {@link #remoteDeadLetterStore}, {@link #pushDeadLetterStore}.
     */
    public final class DeadLetterStore<T> {

        private final String path;
        private final String filter;
        private final Function<JsonObject, T> read;

        private DeadLetterStore(String path, String filter, Function<JsonObject, T> read) {
            this.path = path;
            this.filter = filter;
            this.read = read;
        }

        /** The letters after {@code cursor} (null: from the first), at most {@code limit} (1–1000). */
        public Pages.DeadLetterPage<T> page(Long cursor, int limit) {
            JsonObject page = http.get(path + "?" + (filter.isEmpty() ? "" : filter + "&")
                            + (cursor == null ? "" : "cursor=" + cursor + "&") + "limit=" + limit)
                    .body();
            return new Pages.DeadLetterPage<>(
                    Wire.list(page, "deadLetters", read), Wire.optionalLong(page, "nextCursor"));
        }

        /** How many of its letters wait for an admin. */
        public long count() {
            return http.get(path + "/count" + (filter.isEmpty() ? "" : "?" + filter))
                    .body()
                    .getJsonNumber("count")
                    .longValue();
        }

        /** Replays the letter: delivers it now, or for the outbox puts it back to be published. */
        public Replay replay(long id) {
            return MeshAdmin.this.replay(path + "/" + id + "/replay");
        }
    }

    /** The outbox's dead events (failed after their attempts). */
    public DeadLetterStore<OutboxEvent> outboxDeadLetterStore() {
        return new DeadLetterStore<>("admin/outbox/dead-letters", "", AdminWire::outboxEvent);
    }

    /** The records the inbox consumer set aside, by status ({@code parked} or {@code replayed}). */
    public DeadLetterStore<DeadLetter> consumerDeadLetterStore(String status) {
        return new DeadLetterStore<>("admin/dead-letters", "status=" + segment(status), AdminWire::deadLetter);
    }

    /** The events the agent's A2A server refused, parked. */
    public DeadLetterStore<OutboundDeadLetter> remoteDeadLetterStore(String agentId) {
        return new DeadLetterStore<>(remotePath(agentId) + "/dead-letters", "", AdminWire::outboundDeadLetter);
    }

    /** The updates the agent's webhooks would not take, parked. */
    public DeadLetterStore<OutboundDeadLetter> pushDeadLetterStore(String agentId) {
        return new DeadLetterStore<>(pushPath(agentId) + "/dead-letters", "", AdminWire::outboundDeadLetter);
    }

    /**
     * Registers an agent and returns its token.
     *
     * @throws MeshProblemException.Conflict the id is taken
     */
    public Credentials registerAgent(String agentId, String displayName) {
        JsonObject body = Json.createObjectBuilder()
                .add("agentId", agentId)
                .add("displayName", displayName)
                .build();
        return AdminWire.credentials(
                http.post("admin/agents", body, MeshHttp.Repeat.WHEN_REFUSED).body());
    }

    public AgentInfo agent(String agentId) {
        return AdminWire.agentInfo(http.get(agentPath(agentId)).body());
    }

    /** Agents in id order after {@code cursor} (null: from the first). */
    public AgentPage agents(String cursor, int limit) {
        String path = "admin/agents?limit=" + limit + (cursor == null ? "" : "&cursor=" + segment(cursor));
        JsonObject page = http.get(path).body();
        return new AgentPage(Wire.list(page, "agents", AdminWire::agentInfo), Wire.optionalString(page, "nextCursor"));
    }

    /** A new token for the agent; the old one stops working at once (its open streams end). */
    public Credentials rotateToken(String agentId) {
        return AdminWire.credentials(http.post(agentPath(agentId) + "/token", empty(), MeshHttp.Repeat.WHEN_REFUSED)
                .body());
    }

    /**
     * Disables the agent (idempotent): every token of it, its mesh token and its JWTs, is refused at once on every
     * instance and its open streams and waits end; messages to it are still accepted and kept.
     */
    public void disable(String agentId) {
        http.post(agentPath(agentId) + "/disable", empty(), MeshHttp.Repeat.ALWAYS);
    }

    /** Enables the agent again (idempotent): its mesh token works at once, its JWTs if issued after the disable. */
    public void enable(String agentId) {
        http.post(agentPath(agentId) + "/enable", empty(), MeshHttp.Repeat.ALWAYS);
    }

    /** Lets the two agents talk, both ways (idempotent). */
    public void allow(String agentId, String otherAgentId) {
        http.post(contact(agentId, otherAgentId), empty(), MeshHttp.Repeat.ALWAYS);
    }

    /** Ends the two agents' permission to talk (idempotent). */
    public void revoke(String agentId, String otherAgentId) {
        http.delete(contact(agentId, otherAgentId));
    }

    /** What the agent's A2A card says of it. */
    public AgentCard card(String agentId) {
        return AdminWire.card(http.get(agentPath(agentId) + "/card").body());
    }

    /**
     * Replaces what the agent's A2A card says of it: its description (null: none) and its skills (at most 20, ids
     * unique).
     *
     * @throws MeshProblemException.InvalidRequest a field the card cannot carry, named
     */
    public AgentCard describe(String agentId, String description, List<Skill> skills) {
        JsonObjectBuilder body = Json.createObjectBuilder();
        Wire.addIfSet(body, "description", description);
        JsonArrayBuilder skillArray = Json.createArrayBuilder();
        skills.forEach(skill -> skillArray.add(skill.json()));
        return AdminWire.card(http.put(
                        agentPath(agentId) + "/card",
                        body.add("skills", skillArray).build())
                .body());
    }

    /**
     * Makes the registered agent the mesh's face of the A2A server whose card is at {@code cardUrl}: its inbox is
     * delivered there from now on. {@code bearerToken} (null: none) is what that server wants; the mesh keeps it
     * sealed and never shows it.
     *
     * @throws MeshProblemException.InvalidRequest the card cannot be fetched, is no A2A card, or is not allowed
     */
    public RemoteAgent attachRemote(String agentId, URI cardUrl, String bearerToken) {
        JsonObjectBuilder body = Json.createObjectBuilder().add("cardUrl", cardUrl.toString());
        Wire.addIfSet(body, "bearerToken", bearerToken);
        return AdminWire.remoteAgent(http.put(remotePath(agentId), body.build()).body());
    }

    /**
     * Where the remote agent's relay stands.
     *
     * @throws MeshProblemException.NotFound it is no remote agent
     */
    public RemoteAgent remote(String agentId) {
        return AdminWire.remoteAgent(http.get(remotePath(agentId)).body());
    }

    /**
     * Stops relaying the agent's inbox to its A2A server.
     *
     * @throws MeshProblemException.NotFound it is no remote agent
     */
    public void detachRemote(String agentId) {
        http.delete(remotePath(agentId));
    }

    /** The first page of the events the agent's A2A server refused, parked ({@link #remoteDeadLetterStore}). */
    public List<OutboundDeadLetter> remoteDeadLetters(String agentId) {
        return remoteDeadLetterStore(agentId).page(null, FIRST_PAGE).deadLetters();
    }

    /** Delivers a parked event to the agent's A2A server now, out of its turn. */
    public Replay replayRemoteDeadLetter(String agentId, long id) {
        return remoteDeadLetterStore(agentId).replay(id);
    }

    /** The agent's A2A push notification configs (as a client), newest first. */
    public List<PushConfig> pushConfigs(String agentId) {
        return Wire.list(http.get(pushPath(agentId)).body(), "configs", AdminWire::pushConfig);
    }

    /** The first page of the updates the agent's webhooks would not take ({@link #pushDeadLetterStore}). */
    public List<OutboundDeadLetter> pushDeadLetters(String agentId) {
        return pushDeadLetterStore(agentId).page(null, FIRST_PAGE).deadLetters();
    }

    /** Pushes a parked update to its webhook now, out of its turn. */
    public Replay replayPushDeadLetter(String agentId, long id) {
        return pushDeadLetterStore(agentId).replay(id);
    }

    /** Outbox events by status ({@code pending}, {@code sent} or {@code failed}), oldest first. */
    public List<OutboxEvent> outbox(String status, int limit) {
        return Wire.list(
                http.get("admin/outbox?status=" + segment(status) + "&limit=" + limit)
                        .body(),
                "events",
                AdminWire::outboxEvent);
    }

    /** Puts a dead outbox event back to be published. */
    public void retryOutboxEvent(long id) {
        http.post("admin/outbox/" + id + "/retry", empty(), MeshHttp.Repeat.WHEN_REFUSED);
    }

    /** The first records the inbox consumer set aside, by status ({@link #consumerDeadLetterStore}). */
    public List<DeadLetter> deadLetters(String status, int limit) {
        return consumerDeadLetterStore(status).page(null, limit).deadLetters();
    }

    /** Delivers a dead letter once more; a second replay is refused. */
    public Replay replayDeadLetter(long id) {
        return consumerDeadLetterStore("parked").replay(id);
    }

    /** Runs the idle-task scan now instead of at its next timer; returns how many idle tasks it failed. */
    public int scanIdleTasks() {
        return http.post("admin/tasks/idle-scan", empty(), MeshHttp.Repeat.WHEN_REFUSED)
                .body()
                .getInt("failed");
    }

    /** The mesh's state at a glance: outbox, consumer lag, tasks by state, this instance, recent faults. */
    public MeshStats stats() {
        return MeshStats.of(http.get("admin/stats").body());
    }

    private Replay replay(String path) {
        JsonObject answer =
                http.post(path, empty(), MeshHttp.Repeat.WHEN_REFUSED).body();
        return new Replay(answer.getJsonNumber("id").longValue(), answer.getString("outcome"));
    }

    private static JsonObject empty() {
        return JsonValue.EMPTY_JSON_OBJECT;
    }

    private static String agentPath(String agentId) {
        return "admin/agents/" + segment(agentId);
    }

    private static String remotePath(String agentId) {
        return agentPath(agentId) + "/remote";
    }

    private static String pushPath(String agentId) {
        return agentPath(agentId) + "/push";
    }

    private static String contact(String agentId, String otherAgentId) {
        return agentPath(agentId) + "/contacts/" + segment(otherAgentId);
    }

    private static String segment(String value) {
        return URLEncoder.encode(Objects.requireNonNull(value), StandardCharsets.UTF_8);
    }
}
