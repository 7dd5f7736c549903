package agentmesh.web;

import agentmesh.json.MeshJson;
import agentmesh.problem.InvalidRequestException;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import java.util.Optional;

/**
 * Small bodies read by hand, where JSON-B does not fit: it refuses an empty body, and binding a JSON array to a
 * JSON object parameter fails inside the server instead of with a 400.
 */
public final class JsonBodies {

    /** These bodies are a field or two: anything nested deeper is refused before the parser recurses into it. */
    static final int MAX_DEPTH = 16;

    private JsonBodies() {}

    /** The body as a JSON object; empty for no body; 400 for anything else. */
    public static Optional<JsonObject> optionalObject(String body) {
        if (body == null || body.isBlank()) {
            return Optional.empty();
        }
        if (depth(body) > MAX_DEPTH) {
            throw new InvalidRequestException("body", "nests deeper than " + MAX_DEPTH + " levels");
        }
        try {
            if (MeshJson.readValue(body) instanceof JsonObject object) {
                return Optional.of(object);
            }
        } catch (JsonException | IllegalStateException e) {
            // reported below
        }
        throw new InvalidRequestException("body", "must be a JSON object");
    }

    /**
     * The deepest nesting of objects and arrays, brackets inside strings not counted: checked before a body is
     * parsed, since the parser recurses once per level (a body 10,000 levels deep overflowed its stack).
     */
    public static int depth(String json) {
        int depth = 0;
        int deepest = 0;
        boolean inString = false;
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '{' || c == '[') {
                deepest = Math.max(deepest, ++depth);
            } else if (c == '}' || c == ']') {
                depth--;
            }
        }
        return deepest;
    }
}
