package agentmesh.system;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An OpenAI-compatible chat-completions endpoint on loopback that answers from a script, one answer per request
 * (the last repeats), and keeps every request: a model for meshd's llm brain with no network.
 */
final class FakeChatModel implements AutoCloseable {

    private final HttpServer server;
    private final List<JsonObject> answers;
    private final List<JsonObject> requests = new CopyOnWriteArrayList<>();
    private final List<String> authorizations = new CopyOnWriteArrayList<>();
    private final List<String> traceparents = new CopyOnWriteArrayList<>();

    FakeChatModel(List<JsonObject> answers) {
        this.answers = answers;
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/v1/chat/completions", this::complete);
        server.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    List<JsonObject> requests() {
        return List.copyOf(requests);
    }

    List<String> authorizations() {
        return List.copyOf(authorizations);
    }

    /** Each request's {@code traceparent} header ("null" without one). */
    List<String> traceparents() {
        return List.copyOf(traceparents);
    }

    /** An assistant message calling tools. */
    static JsonObject toolCalls(JsonObject... calls) {
        JsonArrayBuilder array = Json.createArrayBuilder();
        for (JsonObject call : calls) {
            array.add(call);
        }
        return Json.createObjectBuilder()
                .add("role", "assistant")
                .addNull("content")
                .add("tool_calls", array)
                .build();
    }

    static JsonObject call(String id, String function, String arguments) {
        return Json.createObjectBuilder()
                .add("id", id)
                .add("type", "function")
                .add(
                        "function",
                        Json.createObjectBuilder().add("name", function).add("arguments", arguments))
                .build();
    }

    /** An assistant message with no tool call: the model is done. */
    static JsonObject answer(String text) {
        return Json.createObjectBuilder()
                .add("role", "assistant")
                .add("content", text)
                .build();
    }

    private void complete(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        JsonObject request = Json.createReader(new StringReader(body)).readObject();
        requests.add(request);
        authorizations.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
        traceparents.add(String.valueOf(exchange.getRequestHeaders().getFirst("traceparent")));
        JsonObject message = answers.get(Math.min(requests.size(), answers.size()) - 1);
        byte[] response = Json.createObjectBuilder()
                .add("id", "chatcmpl-" + requests.size())
                .add("object", "chat.completion")
                .add("model", request.getString("model"))
                .add(
                        "choices",
                        Json.createArrayBuilder()
                                .add(Json.createObjectBuilder()
                                        .add("index", 0)
                                        .add("message", message)
                                        .add(
                                                "finish_reason",
                                                message.containsKey("tool_calls") ? "tool_calls" : "stop")))
                .build()
                .toString()
                .getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, response.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(response);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
