package agentmesh.a2a.boundary;

import agentmesh.json.MeshJson;
import agentmesh.problem.MeshException;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * An A2A error: its JSON-RPC code and the HTTP status the REST binding answers with (the specification's table),
 * plus the details as {@code google.rpc} objects. The mesh's own refusals (not in contact, unknown agent, a body
 * that breaks a rule) keep their problem type and detail in an {@code ErrorInfo} of domain {@code agent-mesh}.
 */
final class A2aError extends RuntimeException {

    static final int TASK_NOT_FOUND = -32001;
    static final int TASK_NOT_CANCELABLE = -32002;
    static final int UNSUPPORTED_OPERATION = -32004;
    static final int EXTENDED_CARD_NOT_CONFIGURED = -32007;
    static final int VERSION_NOT_SUPPORTED = -32009;
    static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;
    static final int METHOD_NOT_FOUND = -32601;
    static final int INVALID_PARAMS = -32602;
    static final int INTERNAL = -32603;

    private final int code;
    private final int httpStatus;
    private final JsonObject detail;

    private A2aError(int code, int httpStatus, String message, JsonObject detail) {
        super(message);
        this.code = code;
        this.httpStatus = httpStatus;
        this.detail = detail;
    }

    int code() {
        return code;
    }

    int httpStatus() {
        return httpStatus;
    }

    static A2aError taskNotFound(String taskId) {
        return new A2aError(
                TASK_NOT_FOUND,
                404,
                "Task not found",
                info("TASK_NOT_FOUND", "a2a-protocol.org", Map.of("taskId", String.valueOf(taskId))));
    }

    static A2aError taskNotCancelable(String taskId, String state) {
        return new A2aError(
                TASK_NOT_CANCELABLE,
                400,
                "Task cannot be canceled",
                info("TASK_NOT_CANCELABLE", "a2a-protocol.org", Map.of("taskId", taskId, "state", state)));
    }

    static A2aError unsupported(String what) {
        return new A2aError(
                UNSUPPORTED_OPERATION,
                400,
                "Unsupported operation: " + what,
                info("UNSUPPORTED_OPERATION", "a2a-protocol.org", Map.of("detail", what)));
    }

    static A2aError extendedCardNotConfigured() {
        return new A2aError(
                EXTENDED_CARD_NOT_CONFIGURED,
                400,
                "No extended agent card",
                info("EXTENDED_AGENT_CARD_NOT_CONFIGURED", "a2a-protocol.org", Map.of()));
    }

    static A2aError versionNotSupported(String version) {
        String supported =
                Arrays.stream(A2aVersion.values()).map(A2aVersion::wireName).collect(Collectors.joining(", "));
        return new A2aError(
                VERSION_NOT_SUPPORTED,
                400,
                "A2A version " + version + " is not supported (" + supported + " are)",
                info(
                        "VERSION_NOT_SUPPORTED",
                        "a2a-protocol.org",
                        Map.of("version", version, "supportedVersions", supported)));
    }

    static A2aError parse(String why) {
        return new A2aError(
                PARSE_ERROR, 400, "Invalid JSON payload", info("PARSE_ERROR", "agent-mesh", Map.of("detail", why)));
    }

    static A2aError invalidRequest(String why) {
        return new A2aError(
                INVALID_REQUEST,
                400,
                "Request payload validation error",
                info("INVALID_REQUEST", "agent-mesh", Map.of("detail", why)));
    }

    static A2aError methodNotFound(String method) {
        return new A2aError(
                METHOD_NOT_FOUND,
                404,
                "Method not found",
                info("METHOD_NOT_FOUND", "agent-mesh", Map.of("method", method)));
    }

    static A2aError invalidParams(String field, String description) {
        return invalidParams(Map.of(field, description));
    }

    /** Invalid params, each named with what is wrong with it, in the message and as a BadRequest's violations. */
    static A2aError invalidParams(Map<String, String> violations) {
        JsonArrayBuilder fields = MeshJson.array();
        violations.forEach((field, description) ->
                fields.add(MeshJson.object().add("field", field).add("description", description)));
        String named = violations.entrySet().stream()
                .map(v -> v.getKey() + " " + v.getValue())
                .collect(Collectors.joining("; "));
        return new A2aError(
                INVALID_PARAMS,
                400,
                "Invalid parameters: " + named,
                MeshJson.object()
                        .add("@type", "type.googleapis.com/google.rpc.BadRequest")
                        .add("fieldViolations", fields)
                        .build());
    }

    /** A refusal of the mesh's own rules, with the status and problem type the mesh API answers it with. */
    static A2aError of(MeshException refusal) {
        if (!refusal.fieldErrors().isEmpty()) {
            return invalidParams(refusal.fieldErrors());
        }
        int code = refusal.status() >= 500 ? INTERNAL : INVALID_REQUEST;
        return new A2aError(
                code,
                refusal.status(),
                refusal.title(),
                info(
                        refusal.type().toUpperCase().replace('-', '_'),
                        "agent-mesh",
                        Map.of("detail", String.valueOf(refusal.getMessage()))));
    }

    static A2aError internal() {
        return new A2aError(INTERNAL, 500, "Internal error", info("INTERNAL", "agent-mesh", Map.of()));
    }

    /**
     * The caller holds all its places for requests that wait ({@code mesh.a2a.max-waits-per-agent}); a refusal of
     * the mesh's own, so coded as {@link #of} codes them. {@code taskId}, when given, is the task the request was
     * about (a subscription).
     */
    static A2aError tooManyWaits(String caller, int max, String taskId) {
        String detail = caller + " has " + max + " streams and blocking sends open at once"
                + " (mesh.a2a.max-waits-per-agent); retry when one has ended"
                + (taskId == null ? "" : "; task " + taskId + " is there to follow with GetTask or SubscribeToTask");
        return new A2aError(
                INVALID_REQUEST,
                429,
                "Too many streams and blocking sends at once",
                info(
                        "TOO_MANY_WAITS",
                        "agent-mesh",
                        taskId == null ? Map.of("detail", detail) : Map.of("detail", detail, "taskId", taskId)));
    }

    /** The token a waiting request was made with was rotated meanwhile: the request ends unauthenticated. */
    static A2aError tokenRotated(String caller) {
        return new A2aError(
                INVALID_REQUEST,
                401,
                "Unauthenticated: the token was rotated",
                info(
                        "TOKEN_ROTATED",
                        "agent-mesh",
                        Map.of(
                                "detail",
                                "The token of " + caller + " was rotated while this request waited;"
                                        + " the new token works")));
    }

    /** The JSON-RPC error object. */
    JsonObject jsonRpc() {
        return MeshJson.object()
                .add("code", code)
                .add("message", getMessage())
                .add("data", MeshJson.array().add(detail))
                .build();
    }

    /** The REST binding's error body: a {@code google.rpc.Status} as AIP-193 puts it in JSON. */
    JsonObject rest() {
        return MeshJson.object()
                .add(
                        "error",
                        MeshJson.object()
                                .add("code", httpStatus)
                                .add("status", restStatus())
                                .add("message", getMessage())
                                .add("details", MeshJson.array().add(detail)))
                .build();
    }

    private String restStatus() {
        return switch (httpStatus) {
            case 404 -> "NOT_FOUND";
            case 401 -> "UNAUTHENTICATED";
            case 403 -> "PERMISSION_DENIED";
            case 409 -> "ABORTED";
            case 429 -> "RESOURCE_EXHAUSTED";
            case 503 -> "UNAVAILABLE";
            case 500 -> "INTERNAL";
            default -> code == INVALID_PARAMS || code == PARSE_ERROR ? "INVALID_ARGUMENT" : "FAILED_PRECONDITION";
        };
    }

    private static JsonObject info(String reason, String domain, Map<String, String> metadata) {
        JsonObjectBuilder fields = MeshJson.object();
        metadata.forEach(fields::add);
        return MeshJson.object()
                .add("@type", "type.googleapis.com/google.rpc.ErrorInfo")
                .add("reason", reason)
                .add("domain", domain)
                .add("metadata", fields)
                .build();
    }
}
