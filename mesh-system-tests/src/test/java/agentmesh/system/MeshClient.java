package agentmesh.system;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;

/** Speaks the mesh's HTTP API as an agent or an admin would. */
public final class MeshClient {

    private final URI base;
    private final Duration requestTimeout;
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    public MeshClient(URI base) {
        this(base, Duration.ofSeconds(60));
    }

    /** A client whose requests give up after {@code requestTimeout} (a chaos run's agents do not wait a minute). */
    public MeshClient(URI base, Duration requestTimeout) {
        this.base = base;
        this.requestTimeout = requestTimeout;
    }

    public static MeshClient forStack() {
        return new MeshClient(MeshStackExtension.stack().config().baseUri());
    }

    public ApiResponse get(String path, String token) {
        return send(request(path, token).GET());
    }

    /**
     * A GET as a well-behaved reader makes it: a refusal for its share of answer bytes or requests (429) is waited
     * out as its Retry-After says, a few times. For reads of large content, whose bytes an agent may take only so
     * fast.
     */
    public ApiResponse read(String path, String token) {
        ApiResponse answer = get(path, token);
        for (int retry = 0; retry < 10 && answer.status() == 429; retry++) {
            LockSupport.parkNanos(
                    Duration.ofSeconds(answer.retryAfterSeconds().orElse(1)).toNanos());
            answer = get(path, token);
        }
        return answer;
    }

    public ApiResponse post(String path, String token, String body) {
        return post(path, token, body, Map.of());
    }

    ApiResponse post(String path, String token, String body, Map<String, String> headers) {
        HttpRequest.Builder request = jsonPost(path, token, body);
        headers.forEach(request::header);
        return send(request);
    }

    /** A GET that does not block the caller; a transport failure (refused, reset, timed out) fails the future. */
    public CompletableFuture<ApiResponse> getAsync(String path, String token) {
        return http.sendAsync(request(path, token).GET().build(), HttpResponse.BodyHandlers.ofString())
                .thenApply(ApiResponse::of);
    }

    /** A JSON POST that does not block the caller; a transport failure fails the future. */
    public CompletableFuture<ApiResponse> postAsync(String path, String token, String body) {
        return http.sendAsync(jsonPost(path, token, body).build(), HttpResponse.BodyHandlers.ofString())
                .thenApply(ApiResponse::of);
    }

    public ApiResponse put(String path, String token) {
        return send(request(path, token).PUT(HttpRequest.BodyPublishers.noBody()));
    }

    public ApiResponse put(String path, String token, String body) {
        return send(request(path, token)
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body)));
    }

    public ApiResponse delete(String path, String token) {
        return send(request(path, token).DELETE());
    }

    /** Registers an agent with a unique id built from the prefix; returns it with its token. */
    public Agent registerAgent(String prefix) {
        String agentId = prefix + "-" + UUID.randomUUID().toString().substring(0, 8) + "@it";
        ApiResponse response = post(
                "admin/agents",
                MeshStackExtension.ADMIN_TOKEN,
                Json.createObjectBuilder().add("agentId", agentId).build().toString());
        if (response.status() != 201) {
            throw new IllegalStateException("registering " + agentId + ": " + response);
        }
        return new Agent(agentId, response.json().getString("token"));
    }

    public void allow(Agent one, Agent other) {
        ApiResponse response =
                post("admin/agents/" + one.id() + "/contacts/" + other.id(), MeshStackExtension.ADMIN_TOKEN, "");
        if (response.status() != 204) {
            throw new IllegalStateException("allowing " + one.id() + " and " + other.id() + ": " + response);
        }
    }

    /** A text message from one agent to another; {@code taskId} null opens a task. */
    public static String textMessage(String messageId, Agent to, String taskId, String text) {
        var body = Json.createObjectBuilder()
                .add("to", to.id())
                .add(
                        "parts",
                        Json.createArrayBuilder()
                                .add(Json.createObjectBuilder()
                                        .add("kind", "text")
                                        .add("text", text)));
        if (messageId != null) {
            body.add("messageId", messageId);
        }
        if (taskId != null) {
            body.add("taskId", taskId);
        }
        return body.build().toString();
    }

    /**
     * Sends as a well-behaved client does: a refusal of load (429, 503) is tried again after its Retry-After, a few
     * times — the same body, so the same message id when it has one. Anything else but 201 fails.
     */
    public JsonObject send(Agent from, String body) {
        ApiResponse response = post("messages", from.token(), body);
        for (int retry = 0; retry < 5 && (response.status() == 429 || response.status() == 503); retry++) {
            LockSupport.parkNanos(
                    Duration.ofSeconds(response.retryAfterSeconds().orElse(1)).toNanos());
            response = post("messages", from.token(), body);
        }
        if (response.status() != 201) {
            throw new IllegalStateException("send from " + from.id() + ": " + response);
        }
        return response.json();
    }

    private HttpRequest.Builder jsonPost(String path, String token, String body) {
        return request(path, token)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
    }

    private HttpRequest.Builder request(String path, String token) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(path)).timeout(requestTimeout);
        if (token != null) {
            builder.header("Authorization", "Bearer " + token);
        }
        return builder;
    }

    private ApiResponse send(HttpRequest.Builder request) {
        try {
            return ApiResponse.of(http.send(request.build(), HttpResponse.BodyHandlers.ofString()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public record Agent(String id, String token) {}
}
