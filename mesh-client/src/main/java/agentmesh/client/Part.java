package agentmesh.client;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

/**
 * One part of a message or artifact, as the API carries it: {@code {"kind":"text","text":…}},
 * {@code {"kind":"data","data":{…}}} or a kind this client does not know, kept whole in {@link #json()}.
 */
public record Part(JsonObject json) {

    public static Part text(String text) {
        return new Part(
                Json.createObjectBuilder().add("kind", "text").add("text", text).build());
    }

    public static Part data(JsonObject data) {
        return new Part(
                Json.createObjectBuilder().add("kind", "data").add("data", data).build());
    }

    public String kind() {
        return json.getString("kind", "");
    }

    /** The text of a text part; null for other kinds. */
    public String text() {
        return "text".equals(kind()) ? json.getString("text", null) : null;
    }

    /** The value of a data part; null for other kinds. */
    public JsonValue data() {
        return "data".equals(kind()) ? json.get("data") : null;
    }
}
