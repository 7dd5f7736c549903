package agentmesh.a2a.boundary;

import agentmesh.json.MeshJson;
import agentmesh.web.JsonBodies;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * A posted body read as a JSON-RPC 2.0 request object, to the letter of JSON-RPC 2.0: either a call of one of the
 * facade's methods, or the error it is answered with and the id that error carries.
 *
 * <p>The checks go in the specification's order: JSON that does not parse is -32700; a body that is no request
 * object (a scalar, a batch — not supported —, an {@code id} that is neither a string, a number nor null) is
 * -32600 with {@code "id": null}, since no id could be read; a {@code jsonrpc} other than {@code "2.0"}, a
 * {@code method} that is absent or no string, {@code params} that are neither an object, an array nor absent are
 * -32600 with the request's id; a method the facade does not have is -32601; params by position (an array) are
 * -32602, as A2A's methods take named ones. The id is kept as the JSON value it was read as — a string stays a
 * string, a number keeps its digits (large and fractional ones too) — and is echoed so.
 */
sealed interface JsonRpcRequest {

    /** The envelope, the message and its parts, and the 32 levels a part's data may have (Parts.MAX_DEPTH). */
    int MAX_DEPTH = 64;

    /** A request for one of the facade's methods, its params an object (empty when absent or null). */
    record Call(JsonValue id, String method, A2aOperation operation, JsonObject params) implements JsonRpcRequest {}

    /** A body that is not a request the facade can perform, and the id its error is answered with. */
    record Refused(JsonValue id, A2aError error) implements JsonRpcRequest {}

    static JsonRpcRequest read(String body) {
        if (JsonBodies.depth(body) > MAX_DEPTH) {
            return new Refused(
                    JsonValue.NULL, A2aError.invalidRequest("the body nests deeper than " + MAX_DEPTH + " levels"));
        }
        JsonValue value;
        try {
            value = MeshJson.readValue(body);
        } catch (JsonException e) {
            return new Refused(JsonValue.NULL, A2aError.parse(String.valueOf(e.getMessage())));
        }
        if (value instanceof JsonArray) {
            return new Refused(
                    JsonValue.NULL,
                    A2aError.invalidRequest("batches are not supported: post one" + " request object at a time"));
        }
        if (!(value instanceof JsonObject request)) {
            return new Refused(JsonValue.NULL, A2aError.invalidRequest("the body must be a request object"));
        }
        JsonValue id = request.getOrDefault("id", JsonValue.NULL);
        if (!(id instanceof JsonString || id instanceof JsonNumber || id == JsonValue.NULL)) {
            return new Refused(JsonValue.NULL, A2aError.invalidRequest("id must be a string, a number or null"));
        }
        if (!(request.get("jsonrpc") instanceof JsonString version)
                || !version.getString().equals("2.0")) {
            return new Refused(id, A2aError.invalidRequest("jsonrpc must be \"2.0\""));
        }
        if (!(request.get("method") instanceof JsonString method)) {
            return new Refused(id, A2aError.invalidRequest("method must be a string"));
        }
        JsonValue params = request.getOrDefault("params", JsonValue.NULL);
        if (!(params instanceof JsonObject || params instanceof JsonArray || params == JsonValue.NULL)) {
            return new Refused(id, A2aError.invalidRequest("params must be a structured value (an object)"));
        }
        A2aOperation operation = A2aOperation.METHODS.get(method.getString());
        if (operation == null) {
            return new Refused(id, A2aError.methodNotFound(method.getString()));
        }
        if (params instanceof JsonArray) {
            return new Refused(
                    id,
                    A2aError.invalidParams(
                            "params", "must be an object: " + method.getString() + " takes named parameters"));
        }
        return new Call(
                id,
                method.getString(),
                operation,
                params == JsonValue.NULL ? JsonValue.EMPTY_JSON_OBJECT : params.asJsonObject());
    }
}
