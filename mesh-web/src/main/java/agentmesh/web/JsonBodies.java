package agentmesh.web;

import agentmesh.platform.InvalidRequestException;
import agentmesh.platform.MeshJson;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;

import java.util.Optional;

/**
 * Small bodies read by hand, where JSON-B does not fit: it refuses an empty body, and binding a JSON array to a
 * JSON object parameter fails inside the server instead of with a 400.
 */
public final class JsonBodies {

    private JsonBodies() {
    }

    /** The body as a JSON object; empty for no body; 400 for anything else. */
    public static Optional<JsonObject> optionalObject(String body) {
        if (body == null || body.isBlank()) {
            return Optional.empty();
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
}
