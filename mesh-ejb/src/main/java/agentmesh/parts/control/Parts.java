package agentmesh.parts.control;

import agentmesh.json.MeshJson;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The parts of a message, as in A2A: {@code {"kind":"text","text":…}}, {@code {"kind":"data","data":{…}}} or
 * {@code {"kind":"file","file":{"name"?,"mimeType"?,"bytes"|"uri"}}}, each with optional {@code metadata}.
 * Checks their shape and writes them canonically (object keys sorted), so that the same content always gives the
 * same text and the same fingerprint.
 *
 * <p>Text is stored and returned byte for byte: any Unicode (emoji, CJK, right-to-left, combining marks) is kept
 * as sent. Two things are refused anywhere in the parts, keys included: NUL (U+0000), which many consumers of
 * agent output treat as the end of a string, and unpaired surrogates, which are not Unicode text at all and
 * cannot be stored as UTF-8.
 */
public final class Parts {

    public static final int MAX_PARTS = 64;
    /** How deep {@code data} and {@code metadata} may nest objects and arrays. */
    public static final int MAX_DEPTH = 32;

    private static final Map<String, String> PAYLOAD_FIELD = Map.of("text", "text", "data", "data", "file", "file");
    private static final Set<String> FILE_FIELDS = Set.of("name", "mimeType", "bytes", "uri");

    private Parts() {}

    /** Field path ({@code parts[1].text}) to problem; empty when the parts are fine. */
    public static Map<String, String> problems(JsonArray parts) {
        Map<String, String> problems = new LinkedHashMap<>();
        if (parts == null || parts.isEmpty()) {
            problems.put("parts", "must hold at least one part");
            return problems;
        }
        if (parts.size() > MAX_PARTS) {
            problems.put("parts", "must hold at most " + MAX_PARTS + " parts");
            return problems;
        }
        for (int i = 0; i < parts.size(); i++) {
            String path = "parts[" + i + "]";
            checkPart(path, parts.get(i), problems);
            checkStrings(path, parts.get(i), 0, problems);
        }
        return problems;
    }

    // Every string and key, at every depth: no NUL, no unpaired surrogate, no nesting beyond MAX_DEPTH.
    private static void checkStrings(String path, JsonValue value, int depth, Map<String, String> problems) {
        if (depth > MAX_DEPTH) {
            problems.putIfAbsent(path, "nests deeper than " + MAX_DEPTH + " levels");
            return;
        }
        switch (value.getValueType()) {
            case STRING -> checkText(path, ((jakarta.json.JsonString) value).getString(), problems);
            case OBJECT ->
                value.asJsonObject().forEach((key, member) -> {
                    checkText(path + "." + key, key, problems);
                    checkStrings(path + "." + key, member, depth + 1, problems);
                });
            case ARRAY -> {
                JsonArray array = value.asJsonArray();
                for (int i = 0; i < array.size(); i++) {
                    checkStrings(path + "[" + i + "]", array.get(i), depth + 1, problems);
                }
            }
            default -> {}
        }
    }

    private static void checkText(String path, String text, Map<String, String> problems) {
        textProblem(text).ifPresent(problem -> problems.putIfAbsent(path, problem));
    }

    /**
     * What makes a text no text the mesh stores — a NUL, an unpaired surrogate — or empty when it is fine: for the
     * parts' strings, and for every other text field of a request (names, reasons).
     */
    public static Optional<String> textProblem(CharSequence text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == 0) {
                return Optional.of("must not contain NUL (U+0000)");
            }
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return Optional.of("must not contain an unpaired surrogate (not Unicode text)");
            }
        }
        return Optional.empty();
    }

    private static void checkPart(String path, JsonValue value, Map<String, String> problems) {
        if (value.getValueType() != JsonValue.ValueType.OBJECT) {
            problems.put(path, "must be an object");
            return;
        }
        JsonObject part = value.asJsonObject();
        JsonValue kind = part.get("kind");
        if (kind == null
                || kind.getValueType() != JsonValue.ValueType.STRING
                || !PAYLOAD_FIELD.containsKey(part.getString("kind"))) {
            problems.put(path + ".kind", "must be one of text, data, file");
            return;
        }
        String payloadField = PAYLOAD_FIELD.get(part.getString("kind"));
        for (String field : part.keySet()) {
            if (!field.equals("kind") && !field.equals("metadata") && !field.equals(payloadField)) {
                problems.put(path + "." + field, "is not a field of a " + part.getString("kind") + " part");
            }
        }
        JsonValue metadata = part.get("metadata");
        if (metadata != null && metadata.getValueType() != JsonValue.ValueType.OBJECT) {
            problems.put(path + ".metadata", "must be an object");
        }
        JsonValue payload = part.get(payloadField);
        String payloadPath = path + "." + payloadField;
        switch (payloadField) {
            case "text" -> {
                if (payload == null || payload.getValueType() != JsonValue.ValueType.STRING) {
                    problems.put(payloadPath, "must be a string");
                }
            }
            case "data" -> {
                if (payload == null || payload.getValueType() != JsonValue.ValueType.OBJECT) {
                    problems.put(payloadPath, "must be an object");
                }
            }
            default -> checkFile(payloadPath, payload, problems);
        }
    }

    private static void checkFile(String path, JsonValue payload, Map<String, String> problems) {
        if (payload == null || payload.getValueType() != JsonValue.ValueType.OBJECT) {
            problems.put(path, "must be an object with bytes or uri");
            return;
        }
        JsonObject file = payload.asJsonObject();
        for (String field : file.keySet()) {
            if (!FILE_FIELDS.contains(field)) {
                problems.put(path + "." + field, "is not a field of a file");
            } else if (file.get(field).getValueType() != JsonValue.ValueType.STRING) {
                problems.put(path + "." + field, "must be a string");
            }
        }
        if (file.containsKey("bytes") == file.containsKey("uri")) {
            problems.put(path, "must have exactly one of bytes or uri");
        }
    }

    /** The parts with every object's keys in sorted order: one text for one content. */
    public static JsonArray canonical(JsonArray parts) {
        return (JsonArray) canonicalValue(parts);
    }

    private static JsonValue canonicalValue(JsonValue value) {
        switch (value.getValueType()) {
            case OBJECT -> {
                JsonObjectBuilder builder = MeshJson.object();
                new TreeMap<>(value.asJsonObject()).forEach((key, member) -> builder.add(key, canonicalValue(member)));
                return builder.build();
            }
            case ARRAY -> {
                JsonArrayBuilder builder = MeshJson.array();
                List<JsonValue> members = new ArrayList<>(value.asJsonArray());
                members.forEach(member -> builder.add(canonicalValue(member)));
                return builder.build();
            }
            default -> {
                return value;
            }
        }
    }
}
