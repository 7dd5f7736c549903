package agentmesh.a2a.boundary;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A validator of A2A 1.0's JSON mapping, written from {@code specification/a2a.proto} (v1.0.1) and the
 * specification's section 5: camelCase field names, REQUIRED fields present and set (a required list with at
 * least one item, 5.7), enums by their names, a {@code google.protobuf.Timestamp} as an ISO 8601 UTC text, and a
 * oneof ({@code SecurityScheme}, {@code OAuthFlows}, {@code Part}) with exactly one member. A field the message
 * does not define is reported, unless the caller names it as tolerated at the top (5.7: unrecognized fields are
 * ignored by readers), so that every nested object is checked exactly. Only the messages the facade serves are
 * described.
 */
final class A2a10Json {

    /** A field: its JSON name, its type (a message name, or string, bool, int32, struct, value, timestamp,
     * enum:NAME), whether it is a list or a map of strings to it, and whether it is REQUIRED. */
    private record Field(String name, String type, boolean list, boolean map, boolean required) {}

    /** A message: its fields, and its oneof members (of which exactly one is set) when it is a oneof. */
    private record Message(Map<String, Field> fields, Set<String> oneof) {}

    private static final Map<String, Set<String>> ENUMS = Map.of(
            "TaskState",
                    Set.of(
                            "TASK_STATE_UNSPECIFIED",
                            "TASK_STATE_SUBMITTED",
                            "TASK_STATE_WORKING",
                            "TASK_STATE_COMPLETED",
                            "TASK_STATE_FAILED",
                            "TASK_STATE_CANCELED",
                            "TASK_STATE_INPUT_REQUIRED",
                            "TASK_STATE_REJECTED",
                            "TASK_STATE_AUTH_REQUIRED"),
            "Role", Set.of("ROLE_UNSPECIFIED", "ROLE_USER", "ROLE_AGENT"));

    private static final Map<String, Message> MESSAGES = new LinkedHashMap<>();

    static {
        message(
                "AgentCard",
                "name:string!",
                "description:string!",
                "supportedInterfaces:AgentInterface[]!",
                "provider:AgentProvider",
                "version:string!",
                "documentationUrl:string",
                "capabilities:AgentCapabilities!",
                "securitySchemes:SecurityScheme{}",
                "securityRequirements:SecurityRequirement[]",
                "defaultInputModes:string[]!",
                "defaultOutputModes:string[]!",
                "skills:AgentSkill[]!",
                "signatures:AgentCardSignature[]",
                "iconUrl:string");
        message("AgentInterface", "url:string!", "protocolBinding:string!", "tenant:string", "protocolVersion:string!");
        message("AgentProvider", "url:string!", "organization:string!");
        message(
                "AgentCapabilities",
                "streaming:bool",
                "pushNotifications:bool",
                "extensions:AgentExtension[]",
                "extendedAgentCard:bool");
        message("AgentExtension", "uri:string", "description:string", "required:bool", "params:struct");
        message(
                "AgentSkill",
                "id:string!",
                "name:string!",
                "description:string!",
                "tags:string[]!",
                "examples:string[]",
                "inputModes:string[]",
                "outputModes:string[]",
                "securityRequirements:SecurityRequirement[]");
        message("AgentCardSignature", "protected:string!", "signature:string!", "header:struct");
        message("StringList", "list:string[]");
        message("SecurityRequirement", "schemes:StringList{}");
        oneof(
                "SecurityScheme",
                "apiKeySecurityScheme:APIKeySecurityScheme",
                "httpAuthSecurityScheme:HTTPAuthSecurityScheme",
                "oauth2SecurityScheme:OAuth2SecurityScheme",
                "openIdConnectSecurityScheme:OpenIdConnectSecurityScheme",
                "mtlsSecurityScheme:MutualTlsSecurityScheme");
        message("APIKeySecurityScheme", "description:string", "location:string!", "name:string!");
        message("HTTPAuthSecurityScheme", "description:string", "scheme:string!", "bearerFormat:string");
        message("OAuth2SecurityScheme", "description:string", "flows:OAuthFlows!", "oauth2MetadataUrl:string");
        message("OpenIdConnectSecurityScheme", "description:string", "openIdConnectUrl:string!");
        message("MutualTlsSecurityScheme", "description:string");
        oneof(
                "OAuthFlows",
                "authorizationCode:AuthorizationCodeOAuthFlow",
                "clientCredentials:ClientCredentialsOAuthFlow",
                "implicit:ImplicitOAuthFlow",
                "password:PasswordOAuthFlow",
                "deviceCode:DeviceCodeOAuthFlow");
        message(
                "AuthorizationCodeOAuthFlow",
                "authorizationUrl:string!",
                "tokenUrl:string!",
                "refreshUrl:string",
                "scopes:string{}!",
                "pkceRequired:bool");
        message("ClientCredentialsOAuthFlow", "tokenUrl:string!", "refreshUrl:string", "scopes:string{}!");
        message("ImplicitOAuthFlow", "authorizationUrl:string", "refreshUrl:string", "scopes:string{}");
        message("PasswordOAuthFlow", "tokenUrl:string", "refreshUrl:string", "scopes:string{}");
        message(
                "DeviceCodeOAuthFlow",
                "deviceAuthorizationUrl:string!",
                "tokenUrl:string!",
                "refreshUrl:string",
                "scopes:string{}!");
        message(
                "Task",
                "id:string!",
                "contextId:string",
                "status:TaskStatus!",
                "artifacts:Artifact[]",
                "history:Message[]",
                "metadata:struct");
        message("TaskStatus", "state:enum:TaskState!", "message:Message", "timestamp:timestamp");
        message(
                "Message",
                "messageId:string!",
                "contextId:string",
                "taskId:string",
                "role:enum:Role!",
                "parts:Part[]!",
                "metadata:struct",
                "extensions:string[]",
                "referenceTaskIds:string[]");
        oneofWith(
                "Part",
                List.of("text:string", "raw:string", "url:string", "data:value"),
                "metadata:struct",
                "filename:string",
                "mediaType:string");
        message(
                "Artifact",
                "artifactId:string!",
                "name:string",
                "description:string",
                "parts:Part[]!",
                "metadata:struct",
                "extensions:string[]");
        message(
                "TaskStatusUpdateEvent",
                "taskId:string!",
                "contextId:string!",
                "status:TaskStatus!",
                "metadata:struct");
        message(
                "TaskArtifactUpdateEvent",
                "taskId:string!",
                "contextId:string!",
                "artifact:Artifact!",
                "append:bool",
                "lastChunk:bool",
                "metadata:struct");
        oneof(
                "StreamResponse",
                "task:Task",
                "message:Message",
                "statusUpdate:TaskStatusUpdateEvent",
                "artifactUpdate:TaskArtifactUpdateEvent");
        message(
                "TaskPushNotificationConfig",
                "tenant:string",
                "id:string",
                "taskId:string",
                "url:string!",
                "token:string",
                "authentication:AuthenticationInfo");
        message("AuthenticationInfo", "scheme:string!", "credentials:string");
        message(
                "ListTaskPushNotificationConfigsResponse",
                "configs:TaskPushNotificationConfig[]",
                "nextPageToken:string");
    }

    private A2a10Json() {}

    /** What in the JSON breaks the message's mapping; empty when it is valid. */
    static List<String> violations(String message, JsonObject json, Set<String> toleratedAtTop) {
        List<String> found = new ArrayList<>();
        check(message, json, "$", toleratedAtTop, found);
        return found;
    }

    private static void check(
            String messageName, JsonValue value, String path, Set<String> tolerated, List<String> found) {
        if (!(value instanceof JsonObject json)) {
            found.add(path + " must be an object (" + messageName + ")");
            return;
        }
        Message message = MESSAGES.get(messageName);
        for (String name : json.keySet()) {
            if (!message.fields().containsKey(name) && !tolerated.contains(name)) {
                found.add(path + "." + name + " is no field of " + messageName);
            }
        }
        if (!message.oneof().isEmpty()) {
            long set = message.oneof().stream().filter(json::containsKey).count();
            if (set != 1) {
                found.add(path + " must have exactly one of " + message.oneof() + " (a oneof), has " + set);
            }
        }
        for (Field field : message.fields().values()) {
            JsonValue item = json.get(field.name());
            String at = path + "." + field.name();
            if (item == null) {
                if (field.required()) {
                    found.add(at + " is required");
                }
                continue;
            }
            if (field.list()) {
                if (!(item instanceof JsonArray array)) {
                    found.add(at + " must be a list");
                    continue;
                }
                if (field.required() && array.isEmpty()) {
                    found.add(at + " is required: a list of at least one");
                }
                for (int i = 0; i < array.size(); i++) {
                    checkValue(field, array.get(i), at + "[" + i + "]", found);
                }
            } else if (field.map()) {
                if (!(item instanceof JsonObject map)) {
                    found.add(at + " must be a map (an object)");
                    continue;
                }
                if (field.required() && map.isEmpty()) {
                    found.add(at + " is required");
                }
                map.forEach((key, entry) -> checkValue(field, entry, at + "." + key, found));
            } else {
                if (field.required()
                        && item instanceof JsonString text
                        && text.getString().isEmpty()) {
                    found.add(at + " is required: set, not empty");
                }
                checkValue(field, item, at, found);
            }
        }
    }

    private static void checkValue(Field field, JsonValue value, String at, List<String> found) {
        String type = field.type();
        switch (type) {
            case "string" -> expect(value instanceof JsonString, at + " must be a string", found);
            case "bool" ->
                expect(value == JsonValue.TRUE || value == JsonValue.FALSE, at + " must be a boolean", found);
            case "int32" -> expect(value instanceof JsonNumber n && n.isIntegral(), at + " must be an int32", found);
            case "struct" -> expect(value instanceof JsonObject, at + " must be an object (Struct)", found);
            case "value" -> {
                // google.protobuf.Value: any JSON
            }
            case "timestamp" ->
                expect(
                        value instanceof JsonString text && isUtcTimestamp(text.getString()),
                        at + " must be an ISO 8601 UTC timestamp",
                        found);
            default -> {
                if (type.startsWith("enum:")) {
                    expect(
                            value instanceof JsonString text
                                    && ENUMS.get(type.substring(5)).contains(text.getString()),
                            at + " must be one of " + ENUMS.get(type.substring(5)) + ", is " + value,
                            found);
                } else {
                    check(type, value, at, Set.of(), found);
                }
            }
        }
    }

    private static boolean isUtcTimestamp(String text) {
        try {
            OffsetDateTime.parse(text);
            return text.endsWith("Z");
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    private static void expect(boolean holds, String violation, List<String> found) {
        if (!holds) {
            found.add(violation);
        }
    }

    private static void message(String name, String... fields) {
        MESSAGES.put(name, new Message(fields(fields), Set.of()));
    }

    private static void oneof(String name, String... members) {
        oneofWith(name, List.of(members));
    }

    private static void oneofWith(String name, List<String> members, String... others) {
        Map<String, Field> fields = fields(members.toArray(String[]::new));
        Set<String> oneof = Set.copyOf(fields.keySet());
        fields.putAll(fields(others));
        MESSAGES.put(name, new Message(fields, oneof));
    }

    // "name:type", with [] for a list, {} for a map of strings to it, ! for REQUIRED.
    private static Map<String, Field> fields(String... specs) {
        Map<String, Field> fields = new LinkedHashMap<>();
        for (String spec : specs) {
            boolean required = spec.endsWith("!");
            String bare = required ? spec.substring(0, spec.length() - 1) : spec;
            int colon = bare.indexOf(':');
            String name = bare.substring(0, colon);
            String type = bare.substring(colon + 1);
            boolean list = type.endsWith("[]");
            boolean map = type.endsWith("{}");
            fields.put(
                    name,
                    new Field(name, list || map ? type.substring(0, type.length() - 2) : type, list, map, required));
        }
        return fields;
    }
}
