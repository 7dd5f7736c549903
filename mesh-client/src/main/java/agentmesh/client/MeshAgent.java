package agentmesh.client;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * One agent's side of the mesh's HTTP API: send messages, work on tasks, read the inbox (long poll or a resumable
 * stream) and acknowledge it. Thread-safe; one instance per agent and token.
 *
 * <pre>{@code
 * MeshAgent alice = MeshAgent.builder(URI.create("http://127.0.0.1:8080/mesh/api/v1/"), "alice@example", token)
 *         .build();
 * SendReceipt sent = alice.send(Message.newTask("bob@example", Part.text("Please review PR 42")));
 * }</pre>
 *
 * Sends are safe to retry: a message without an id gets one ({@link MessageIds}) before the first attempt, and every
 * retry carries the same id, so the mesh stores it once whatever was lost on the way.
 */
public final class MeshAgent {

    private final String agentId;
    private final MeshHttp http;
    private final RetryPolicy retries;

    private MeshAgent(String agentId, MeshHttp http, RetryPolicy retries) {
        this.agentId = agentId;
        this.http = http;
        this.retries = retries;
    }

    /** A client for the agent {@code agentId} with its token, at the API's base URL ({@code …/mesh/api/v1/}). */
    public static Builder builder(URI baseUrl, String agentId, String token) {
        return new Builder(baseUrl, agentId, token);
    }

    public String agentId() {
        return agentId;
    }

    /**
     * Sends a message; retried with the same message id while the mesh is overloaded, starting or out of reach.
     *
     * @throws MeshProblemException.NotAllowed the two agents may not talk
     * @throws MeshProblemException.Conflict   the id was used before with other content, or the task is terminal
     */
    public SendReceipt send(Message message) {
        return send(message, null);
    }

    /**
     * Sends a message in a trace: the mesh continues it, and the recipient's event carries it on (docs/TRACING.md).
     * An answer to an event is sent with the event's {@link InboxEvent#trace()}. {@code trace} null: as
     * {@link #send(Message)}.
     */
    public SendReceipt send(Message message, TraceContext trace) {
        Message withId = message.messageId() == null ? message.withMessageId(MessageIds.generate(agentId)) : message;
        JsonObjectBuilder body = Json.createObjectBuilder()
                .add("messageId", withId.messageId())
                .add("to", withId.to())
                .add("parts", Wire.parts(withId.parts()));
        if (withId.taskId() != null) {
            body.add("taskId", withId.taskId());
        }
        if (withId.contextId() != null) {
            body.add("contextId", withId.contextId());
        }
        MeshHttp.Answer answer = http.post("messages", body.build(), MeshHttp.Repeat.ALWAYS, trace);
        return Wire.receipt(answer.body(), answer.status() == 200);
    }

    /** The task with its newest messages and its artifacts. */
    public Task task(String taskId) {
        return Wire.task(http.get("tasks/" + segment(taskId)).body());
    }

    /** The task with at most {@code historyLength} of its newest messages. */
    public Task task(String taskId, int historyLength) {
        return Wire.task(http.get("tasks/" + segment(taskId) + "?historyLength=" + historyLength)
                .body());
    }

    /** The agent's tasks, most recently updated first; {@code state} and {@code cursor} may be null. */
    public Pages.TaskPage tasks(TaskState state, String cursor, int limit) {
        StringBuilder path = new StringBuilder("tasks?limit=").append(limit);
        if (state != null) {
            path.append("&state=").append(state.wireName());
        }
        if (cursor != null) {
            path.append("&cursor=").append(URLEncoder.encode(cursor, StandardCharsets.UTF_8));
        }
        JsonObject page = http.get(path.toString()).body();
        return new Pages.TaskPage(Wire.list(page, "tasks", Wire::task), Wire.optionalString(page, "nextCursor"));
    }

    /** A task's messages after seq {@code after} (0: from the first), in seq order. */
    public Pages.MessagePage messages(String taskId, long after, int limit) {
        JsonObject page = http.get("tasks/" + segment(taskId) + "/messages?after=" + after + "&limit=" + limit)
                .body();
        return new Pages.MessagePage(
                Wire.list(page, "messages", Wire::message),
                page.getJsonNumber("nextCursor").longValue());
    }

    /** A task's artifacts after {@code after} (0: from the first), in the order they were added. */
    public Pages.ArtifactPage artifacts(String taskId, long after, int limit) {
        JsonObject page = http.get("tasks/" + segment(taskId) + "/artifacts?after=" + after + "&limit=" + limit)
                .body();
        return new Pages.ArtifactPage(
                Wire.list(page, "artifacts", Wire::artifact), Wire.optionalLong(page, "nextCursor"));
    }

    /**
     * Moves the task to {@code state} ({@code reason} may be null). Not repeated after a lost connection (the change
     * may have been made); repeated when the mesh refused it untouched.
     *
     * @throws MeshProblemException.Conflict the transition is not allowed from the task's state
     */
    public Task.Status changeStatus(String taskId, TaskState state, String reason) {
        JsonObjectBuilder body = Json.createObjectBuilder().add("state", state.wireName());
        if (reason != null) {
            body.add("reason", reason);
        }
        return Wire.status(http.post("tasks/" + segment(taskId) + "/status", body.build(), MeshHttp.Repeat.WHEN_REFUSED)
                .body());
    }

    /** Cancels the task (idempotent: a canceled task stays canceled); {@code reason} may be null. */
    public Task.Status cancel(String taskId, String reason) {
        JsonObjectBuilder body = Json.createObjectBuilder();
        if (reason != null) {
            body.add("reason", reason);
        }
        return Wire.status(http.post("tasks/" + segment(taskId) + "/cancel", body.build(), MeshHttp.Repeat.ALWAYS)
                .body());
    }

    /** Adds an artifact to the task; {@code artifactId} null: the mesh names it. */
    public Artifact addArtifact(String taskId, String artifactId, String name, List<Part> parts) {
        JsonObjectBuilder body = Json.createObjectBuilder().add("name", name).add("parts", Wire.parts(parts));
        if (artifactId != null) {
            body.add("artifactId", artifactId);
        }
        return Wire.artifact(
                http.post("tasks/" + segment(taskId) + "/artifacts", body.build(), MeshHttp.Repeat.WHEN_REFUSED)
                        .body());
    }

    /**
     * Inbox events after {@code after} (null: after the last acknowledged), waiting up to {@code wait} for the first
     * when there is none yet (a long poll; {@link Duration#ZERO} answers at once).
     */
    public Pages.InboxPage inbox(Long after, int limit, Duration wait) {
        StringBuilder path =
                new StringBuilder("inbox?limit=").append(limit).append("&wait=").append(wait.toSeconds());
        if (after != null) {
            path.append("&after=").append(after);
        }
        JsonObject page = http.get(path.toString(), wait).body();
        return new Pages.InboxPage(
                Wire.list(page, "events", Wire::event),
                page.getJsonNumber("nextCursor").longValue());
    }

    /** Tells the mesh the agent is done with every event up to {@code cursor}: a restart without one resumes there. */
    public void ack(long cursor) {
        ack(cursor, null);
    }

    /** An acknowledgement in the trace of the event it acknowledges ({@link InboxEvent#trace()}; null: none). */
    public void ack(long cursor, TraceContext trace) {
        http.post("inbox/ack", Json.createObjectBuilder().add("cursor", cursor).build(), MeshHttp.Repeat.ALWAYS, trace);
    }

    /**
     * Streams the inbox to {@code listener} on a thread of its own, from after {@code after} (null: after the last
     * acknowledged), reconnecting after a lost connection from the last event handed over: no gap, no repeat.
     */
    public InboxSubscription subscribe(Long after, InboxSubscription.Listener listener) {
        return InboxSubscription.start(agentId, http, retries, after, listener);
    }

    private static String segment(String id) {
        return URLEncoder.encode(Objects.requireNonNull(id), StandardCharsets.UTF_8);
    }

    /** Settings of a {@link MeshAgent}: the agent, its token and the mesh's URL; the rest have defaults. */
    public static final class Builder extends MeshClientBuilder<Builder> {

        private final String agentId;

        private Builder(URI baseUrl, String agentId, String token) {
            super(baseUrl, token);
            this.agentId = Objects.requireNonNull(agentId, "agentId");
        }

        public MeshAgent build() {
            return new MeshAgent(agentId, http(), retries());
        }
    }
}
