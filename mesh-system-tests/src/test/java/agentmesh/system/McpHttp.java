package agentmesh.system;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * An MCP session with the mesh's endpoint by hand (Streamable HTTP, as the official clients speak it), for tests that
 * must see each HTTP answer: the door's refusals come before the MCP library, as plain problems.
 */
final class McpHttp {

    private static final String PROTOCOL_VERSION = "2025-06-18";

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private final URI endpoint;
    private final String token;
    private final String sessionId;
    private int nextId = 1;

    /** Opens a session for the agent of the token: initialize, then the client's initialized notification. */
    McpHttp(URI endpoint, String token) throws IOException, InterruptedException {
        this.endpoint = endpoint;
        this.token = token;
        HttpResponse<String> opened = send(
                request(null),
                "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\","
                        + "\"params\":{\"protocolVersion\":\"" + PROTOCOL_VERSION + "\",\"capabilities\":{},"
                        + "\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}}");
        if (opened.statusCode() != 200) {
            throw new IllegalStateException("initialize: " + opened.statusCode() + " " + opened.body());
        }
        sessionId = opened.headers().firstValue("Mcp-Session-Id").orElseThrow();
        send(request(sessionId), "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    }

    /** A tools/call: the HTTP answer as it came (an SSE stream of the result, or the door's problem). */
    HttpResponse<String> callTool(String name, JsonObject arguments) throws IOException, InterruptedException {
        return callTool(name, arguments, JsonObject.EMPTY_JSON_OBJECT);
    }

    /** A tools/call with a {@code _meta} (none when empty). */
    HttpResponse<String> callTool(String name, JsonObject arguments, JsonObject meta)
            throws IOException, InterruptedException {
        var params = Json.createObjectBuilder().add("name", name).add("arguments", arguments);
        if (!meta.isEmpty()) {
            params.add("_meta", meta);
        }
        return send(
                request(sessionId),
                Json.createObjectBuilder()
                        .add("jsonrpc", "2.0")
                        .add("id", nextId++)
                        .add("method", "tools/call")
                        .add("params", params)
                        .build()
                        .toString());
    }

    /** The tool's result in an answer of {@link #callTool}: the JSON-RPC message's {@code result}. */
    static JsonObject result(HttpResponse<String> answer) {
        String data = answer.body()
                .lines()
                .filter(line -> line.startsWith("data:"))
                .map(line -> line.substring("data:".length()).trim())
                .reduce((a, b) -> b)
                .orElseThrow(() -> new IllegalStateException("no result in " + answer.body()));
        return Json.createReader(new StringReader(data)).readObject().getJsonObject("result");
    }

    /** The text of a tool's result. */
    static String text(JsonObject result) {
        return result.getJsonArray("content").getJsonObject(0).getString("text");
    }

    private HttpRequest.Builder request(String session) {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint)
                .timeout(Duration.ofSeconds(90))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", PROTOCOL_VERSION);
        return session == null ? request : request.header("Mcp-Session-Id", session);
    }

    private HttpResponse<String> send(HttpRequest.Builder request, String body)
            throws IOException, InterruptedException {
        return http.send(
                request.POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
