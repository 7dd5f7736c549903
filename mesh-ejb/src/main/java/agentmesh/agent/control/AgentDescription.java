package agentmesh.agent.control;

import agentmesh.problem.InvalidRequestException;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What an agent's A2A card says about it, as an admin set it: a description and the agent's skills, each
 * {@code {"id","name","description","tags":[…],"examples":[…]}} as A2A's {@code AgentSkill} has them, and the host
 * label the agent is found at when its id is none ({@code bob@example} → {@code bob-example}). Empty when nothing
 * was set ({@code description} and {@code hostLabel} null, no skills).
 */
public record AgentDescription(
        String agentId, String displayName, String description, JsonArray skills, String hostLabel) {

    /** A lowercase DNS label of 3 to 63 characters, no hyphen at either end: what a host's first label can be. */
    public static final Pattern HOST_LABEL = Pattern.compile("[a-z0-9][a-z0-9-]{1,61}[a-z0-9]");

    static final int MAX_DESCRIPTION = 2000;
    static final int MAX_SKILLS = 20;

    /** Refuses, naming the field, what a card could not carry. */
    public static void check(String description, JsonArray skills) {
        if (description != null && (description.isBlank() || description.length() > MAX_DESCRIPTION)) {
            throw new InvalidRequestException("description", "must be 1-" + MAX_DESCRIPTION + " characters");
        }
        if (skills.size() > MAX_SKILLS) {
            throw new InvalidRequestException("skills", "must be at most " + MAX_SKILLS + " skills");
        }
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < skills.size(); i++) {
            String path = "skills[" + i + "]";
            if (!(skills.get(i) instanceof JsonObject skill)) {
                throw new InvalidRequestException(path, "must be an object");
            }
            for (String field : skill.keySet()) {
                if (!Set.of("id", "name", "description", "tags", "examples").contains(field)) {
                    throw new InvalidRequestException(
                            path + "." + field,
                            "is not a field of a skill (id, name," + " description, tags, examples)");
                }
            }
            text(skill, path, "id", 64, true);
            text(skill, path, "name", 200, true);
            text(skill, path, "description", MAX_DESCRIPTION, true);
            // A2A 1.0 requires a skill's tags, and a required list holds at least one item.
            texts(skill, path, "tags", 64, 1);
            texts(skill, path, "examples", 500, 0);
            if (!ids.add(skill.getString("id"))) {
                throw new InvalidRequestException(path + ".id", "is the id of another skill");
            }
        }
    }

    /** Refuses a host label that is no lowercase DNS label. */
    static void checkHostLabel(String hostLabel) {
        if (hostLabel != null && !HOST_LABEL.matcher(hostLabel).matches()) {
            throw new InvalidRequestException(
                    "hostLabel",
                    "must be a lowercase DNS label: 3-63 characters of" + " [a-z0-9-], no hyphen at either end");
        }
    }

    private static void text(JsonObject skill, String path, String field, int max, boolean required) {
        JsonValue value = skill.get(field);
        if (value == null && !required) {
            return;
        }
        if (!(value instanceof JsonString text)
                || text.getString().isBlank()
                || text.getString().length() > max) {
            throw new InvalidRequestException(path + "." + field, "must be a text of 1-" + max + " characters");
        }
    }

    private static void texts(JsonObject skill, String path, String field, int max, int minItems) {
        JsonValue value = skill.get(field);
        if (value == null && minItems == 0) {
            return;
        }
        if (!(value instanceof JsonArray list) || list.size() < minItems || list.size() > MAX_SKILLS) {
            throw new InvalidRequestException(
                    path + "." + field, "must be an array of " + minItems + " to " + MAX_SKILLS + " texts");
        }
        for (JsonValue item : list) {
            if (!(item instanceof JsonString text)
                    || text.getString().isBlank()
                    || text.getString().length() > max) {
                throw new InvalidRequestException(path + "." + field, "must hold texts of 1-" + max + " characters");
            }
        }
    }
}
