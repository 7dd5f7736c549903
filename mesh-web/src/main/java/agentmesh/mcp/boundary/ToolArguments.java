package agentmesh.mcp.boundary;

import agentmesh.problem.InvalidRequestException;
import jakarta.json.Json;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.Map;

/** A tool call's arguments as the host sent them (the MCP library parsed them): each read as the API reads a field. */
record ToolArguments(JsonObject json) {

    static ToolArguments of(Map<String, Object> arguments) {
        return new ToolArguments(
                arguments == null
                        ? JsonObject.EMPTY_JSON_OBJECT
                        : Json.createObjectBuilder(arguments).build());
    }

    /** A text argument, or null when it is absent; anything but a string is refused. */
    String text(String name) {
        JsonValue value = json.get(name);
        if (value == null || value == JsonValue.NULL) {
            return null;
        }
        if (!(value instanceof JsonString text)) {
            throw new InvalidRequestException(name, "must be a string");
        }
        return text.getString();
    }

    /** A text argument the tool needs. */
    String requiredText(String name) {
        String text = text(name);
        if (text == null) {
            throw new InvalidRequestException(name, "is required");
        }
        return text;
    }

    /** A cursor argument (a whole number from 0), or null when it is absent. */
    Long cursor(String name) {
        JsonValue value = json.get(name);
        if (value == null || value == JsonValue.NULL) {
            return null;
        }
        if (!(value instanceof JsonNumber number) || !number.isIntegral() || number.longValue() < 0) {
            throw new InvalidRequestException(name, "must be a whole number from 0");
        }
        return number.longValue();
    }
}
