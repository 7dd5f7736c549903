package agentmesh.a2a.boundary;

import agentmesh.task.control.TaskReader;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * Reading an operation's params, whichever binding brought them: JSON-RPC's are JSON values, the HTTP+JSON
 * binding's query parameters are texts. As ProtoJSON reads them, a number may come as a text too, and a boolean
 * as {@code true}/{@code false}. What does not read is -32602 (HTTP 400) naming the parameter.
 */
final class A2aParams {

    private A2aParams() {}

    /** The text, or null when absent, null or empty (ProtoJSON's unset string). */
    static String text(JsonObject params, String name) {
        JsonValue value = params.get(name);
        if (value == null || value == JsonValue.NULL) {
            return null;
        }
        if (!(value instanceof JsonString text)) {
            throw A2aError.invalidParams(name, "must be a string");
        }
        return text.getString().isEmpty() ? null : text.getString();
    }

    static String requiredText(JsonObject params, String name) {
        String value = text(params, name);
        if (value == null) {
            throw A2aError.invalidParams(name, "is required");
        }
        return value;
    }

    /** The whole number, or null when absent. */
    static Long wholeNumber(JsonObject params, String name) {
        JsonValue value = params.get(name);
        if (value == null || value == JsonValue.NULL) {
            return null;
        }
        try {
            if (value instanceof JsonNumber number) {
                return number.longValueExact();
            }
            if (value instanceof JsonString text) {
                return Long.parseLong(text.getString().trim());
            }
        } catch (ArithmeticException | NumberFormatException e) {
            // described below
        }
        throw A2aError.invalidParams(name, "must be a whole number, got " + value);
    }

    /** The boolean, or the given one when absent. */
    static boolean bool(JsonObject params, String name, boolean absent) {
        JsonValue value = params.get(name);
        if (value == null || value == JsonValue.NULL) {
            return absent;
        }
        if (value == JsonValue.TRUE
                || value instanceof JsonString text && text.getString().equals("true")) {
            return true;
        }
        if (value == JsonValue.FALSE
                || value instanceof JsonString text && text.getString().equals("false")) {
            return false;
        }
        throw A2aError.invalidParams(name, "must be true or false, got " + value);
    }

    /**
     * {@code historyLength}: the given number when absent, none at 0, at most {@link TaskReader#MAX_HISTORY} (the
     * specification lets a server return fewer than asked); a negative one is refused.
     */
    static int historyLength(JsonObject params, int absent) {
        Long length = wholeNumber(params, "historyLength");
        if (length == null) {
            return absent;
        }
        if (length < 0) {
            throw A2aError.invalidParams("historyLength", "must be 0 or more, got " + length);
        }
        return (int) Math.min(length, TaskReader.MAX_HISTORY);
    }
}
