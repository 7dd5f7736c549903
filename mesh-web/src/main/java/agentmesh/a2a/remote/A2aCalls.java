package agentmesh.a2a.remote;

import agentmesh.platform.MeshJson;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Calls to a remote A2A server's JSON-RPC interface, answered as one of three things: its result; a refusal (a
 * JSON-RPC error, or an HTTP 4xx that is about the request) — trying the same again will not help; or the server
 * out of reach (no connection, a timeout, 5xx, 408, 429, an answer that is no JSON-RPC response) — it may later.
 */
final class A2aCalls {

    sealed interface Reply {
    }

    record Result(JsonObject result) implements Reply {
    }

    /** {@code code}: the JSON-RPC error's, 0 for an HTTP refusal. */
    record Refused(String why, int code) implements Reply {

        Refused(String why) {
            this(why, 0);
        }
    }

    record Unreachable(String why) implements Reply {
    }

    private final HttpClient http;
    private final Duration timeout;

    A2aCalls(Duration timeout) {
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout).build();
    }

    Reply call(String endpoint, String protocolVersion, String secret, String method, JsonObject params) {
        HttpRequest.Builder request = request(endpoint, protocolVersion, secret, method, params, "application/json")
                .timeout(timeout);
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            return new Unreachable(e.getClass().getSimpleName() + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Unreachable("interrupted");
        }
        int status = response.statusCode();
        if (status >= 500 || status == 408 || status == 429) {
            return new Unreachable("HTTP " + status);
        }
        if (status >= 400) {
            return new Refused("HTTP " + status + ": " + abbreviated(response.body()));
        }
        try {
            JsonObject answer = MeshJson.readObject(response.body());
            if (answer.get("error") instanceof JsonObject error) {
                return refused(error);
            }
            if (answer.get("result") instanceof JsonObject result) {
                return new Result(result);
            }
        } catch (JsonException | ClassCastException e) {
            // below
        }
        return new Unreachable("not a JSON-RPC response: " + abbreviated(response.body()));
    }

    /**
     * Calls a streaming method ({@code SubscribeToTask}) and hands each event's result to {@code events} as it comes,
     * until the server ends the stream (a {@link Result} with an empty object), refuses, or is lost. The stream may
     * stay open as long as the task runs: no timeout but the connection's.
     */
    Reply stream(String endpoint, String protocolVersion, String secret, String method, JsonObject params,
                 Consumer<JsonObject> events) {
        HttpResponse<Stream<String>> response;
        try {
            response = http.send(request(endpoint, protocolVersion, secret, method, params, "text/event-stream")
                    .build(), HttpResponse.BodyHandlers.ofLines());
        } catch (IOException e) {
            return new Unreachable(e.getClass().getSimpleName() + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Unreachable("interrupted");
        }
        if (response.statusCode() >= 500 || response.statusCode() == 408 || response.statusCode() == 429) {
            response.body().close();
            return new Unreachable("HTTP " + response.statusCode());
        }
        try (Stream<String> lines = response.body()) {
            for (String line : (Iterable<String>) lines::iterator) {
                String json = line.startsWith("data:") ? line.substring(5).trim()
                        : line.startsWith("{") ? line : null; // an error may come as a plain JSON answer
                if (json == null || json.isEmpty()) {
                    continue;
                }
                JsonObject answer = MeshJson.readObject(json);
                if (answer.get("error") instanceof JsonObject error) {
                    return refused(error);
                }
                if (answer.get("result") instanceof JsonObject result) {
                    events.accept(result);
                }
            }
        } catch (UncheckedIOException e) {
            return new Unreachable("the stream broke: " + e.getMessage());
        } catch (JsonException | ClassCastException e) {
            return new Unreachable("not a JSON-RPC event: " + e.getMessage());
        }
        return response.statusCode() >= 400 ? new Refused("HTTP " + response.statusCode())
                : new Result(JsonValue.EMPTY_JSON_OBJECT);
    }

    private static HttpRequest.Builder request(String endpoint, String protocolVersion, String secret, String method,
                                               JsonObject params, String accept) {
        String body = MeshJson.object().add("jsonrpc", "2.0").add("id", UUID.randomUUID().toString())
                .add("method", method).add("params", params).build().toString();
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(endpoint))
                .header("Content-Type", "application/json").header("Accept", accept)
                .header("A2A-Version", protocolVersion)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (secret != null) {
            request.header("Authorization", "Bearer " + secret);
        }
        return request;
    }

    private static Refused refused(JsonObject error) {
        int code = error.get("code") instanceof JsonNumber number ? number.intValue() : 0;
        return new Refused("JSON-RPC error " + code + ": " + error.getOrDefault("message", JsonValue.NULL), code);
    }

    private static String abbreviated(String text) {
        return text.length() <= 300 ? text : text.substring(0, 300) + "…";
    }
}
