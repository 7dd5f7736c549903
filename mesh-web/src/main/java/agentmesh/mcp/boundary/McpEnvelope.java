package agentmesh.mcp.boundary;

import agentmesh.json.MeshJson;
import agentmesh.web.JsonBodies;
import agentmesh.web.limits.BufferedRequest;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The MCP library's servlet, behind a check of the JSON-RPC envelope of every message POSTed to it: a JSON
 * object at most 64 levels deep, {@code "jsonrpc": "2.0"}, an id that is a string or a number, a method that is a
 * string, params that are an object ({@code initialize} must have them). Anything else is answered 400 with a JSON-RPC error of its own
 * (-32700 unparsable, -32600 not a request, -32602 bad params) — the library answered some of these with a 500 of its
 * own making. A servlet around the library's rather than a filter, so that it runs after the door
 * ({@link agentmesh.web.limits.AgentGate}): the body it reads was read there, within its bounds.
 */
final class McpEnvelope extends AroundLibrary {

    // Far above what a tool call's arguments need; the parsers recurse once per level.
    private static final int MAX_DEPTH = 64;
    private static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;
    private static final int INVALID_PARAMS = -32602;

    /** Why a message is no JSON-RPC request the endpoint takes. */
    record Refusal(int code, String message) {}

    McpEnvelope(HttpServlet library) {
        super(library);
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response)
            throws IOException, ServletException {
        if (!request.getMethod().equals("POST")) {
            library.service(request, response);
            return;
        }
        byte[] body;
        try (InputStream in = request.getInputStream()) {
            body = in.readAllBytes();
        }
        Optional<Refusal> refusal = refusal(new String(body, StandardCharsets.UTF_8));
        if (refusal.isPresent()) {
            answerError(response, 400, refusal.get().code(), refusal.get().message());
            return;
        }
        library.service(new BufferedRequest(request, body), response);
    }

    /** A JSON-RPC error of the server's own, to no request in particular. */
    static void answerError(HttpServletResponse response, int status, int code, String message) throws IOException {
        byte[] error = MeshJson.object()
                .add("jsonrpc", "2.0")
                .add("id", JsonValue.NULL)
                .add("error", MeshJson.object().add("code", code).add("message", message))
                .build()
                .toString()
                .getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType("application/json");
        response.setContentLength(error.length);
        response.getOutputStream().write(error);
    }

    static Optional<Refusal> refusal(String body) {
        if (JsonBodies.depth(body) > MAX_DEPTH) {
            return Optional.of(
                    new Refusal(INVALID_REQUEST, "Invalid request: nested deeper than " + MAX_DEPTH + " levels"));
        }
        JsonValue value;
        try {
            value = MeshJson.readValue(body);
        } catch (JsonException | IllegalStateException e) {
            return Optional.of(new Refusal(PARSE_ERROR, "Parse error: the body is not JSON"));
        }
        if (!(value instanceof JsonObject message)) {
            return Optional.of(new Refusal(INVALID_REQUEST, "Invalid request: one JSON-RPC message, an object"));
        }
        if (!(message.get("jsonrpc") instanceof JsonString version)
                || !version.getString().equals("2.0")) {
            return Optional.of(new Refusal(INVALID_REQUEST, "Invalid request: \"jsonrpc\" must be \"2.0\""));
        }
        JsonValue id = message.get("id");
        if (id != null && !(id instanceof JsonString || id instanceof JsonNumber)) {
            return Optional.of(new Refusal(INVALID_REQUEST, "Invalid request: \"id\" must be a string or a number"));
        }
        JsonValue method = message.get("method");
        if (method == null) {
            // A response to a request of the server's: an id and a result or an error.
            return id != null && (message.containsKey("result") || message.containsKey("error"))
                    ? Optional.empty()
                    : Optional.of(new Refusal(INVALID_REQUEST, "Invalid request: a \"method\" is required"));
        }
        if (!(method instanceof JsonString name)) {
            return Optional.of(new Refusal(INVALID_REQUEST, "Invalid request: \"method\" must be a string"));
        }
        JsonValue params = message.get("params");
        if (params != null && !(params instanceof JsonObject)) {
            return Optional.of(new Refusal(INVALID_PARAMS, "Invalid params: \"params\" must be an object"));
        }
        if (name.getString().equals("initialize") && params == null) {
            return Optional.of(new Refusal(INVALID_PARAMS, "Invalid params: initialize needs its params"));
        }
        return Optional.empty();
    }
}
