package agentmesh.mcp.tools;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.List;
import java.util.stream.Stream;

/**
 * The mesh's tools, one list for every place that offers them: the server's MCP endpoint ({@code /mesh/mcp}),
 * {@code meshd mcp} (stdio) and meshd's LLM brain. The five actions name their task when there is no event in hand;
 * the two inbox tools read after a cursor (by default after the last read) and acknowledge what they read.
 */
public final class MeshToolDefinitions {

    public static final String SEND_MESSAGE = "mesh_send_message";
    public static final String REPLY = "mesh_reply";
    public static final String UPDATE_TASK = "mesh_update_task";
    public static final String ADD_ARTIFACT = "mesh_add_artifact";
    public static final String READ_TASK = "mesh_read_task";
    public static final String READ_INBOX = "mesh_read_inbox";
    public static final String WAIT_FOR_MESSAGE = "mesh_wait_for_message";

    private static final List<ToolDefinition> ACTIONS = List.of(
            action(
                    SEND_MESSAGE,
                    "Send a text message to another agent. Without taskId it opens a new task with that"
                            + " agent; with taskId it is a message in that task.",
                    properties()
                            .add("to", string("The recipient agent's id"))
                            .add("text", string("The message"))
                            .add("taskId", string("An existing task's id")),
                    "to",
                    "text"),
            action(
                    REPLY,
                    "Reply in the task being handled (or in taskId), to its other agent.",
                    properties().add("text", string("The reply")).add("taskId", string("Another task's id")),
                    "text"),
            action(
                    UPDATE_TASK,
                    "Set the state of the task being handled (or of taskId): working, input-required,"
                            + " completed, failed or rejected.",
                    properties()
                            .add("state", string("The new state"))
                            .add("reason", string("Why, briefly"))
                            .add("taskId", string("Another task's id")),
                    "state"),
            action(
                    ADD_ARTIFACT,
                    "Attach a named result to the task being handled (or to taskId).",
                    properties()
                            .add("name", string("The artifact's name"))
                            .add("text", string("Its content"))
                            .add("taskId", string("Another task's id")),
                    "name",
                    "text"),
            action(
                    READ_TASK,
                    "Read a task (the one being handled unless taskId is given): its state, newest"
                            + " messages and artifacts.",
                    properties().add("taskId", string("A task's id"))));

    private static final List<ToolDefinition> INBOX = List.of(
            new ToolDefinition(
                    READ_INBOX,
                    "Read the agent's inbox: messages, task status changes and artifacts"
                            + " from other agents, oldest first. Returns the events and the cursor to read on from.",
                    Json.createObjectBuilder()
                            .add("type", "object")
                            .add(
                                    "properties",
                                    properties()
                                            .add(
                                                    "after",
                                                    integer("Events after this cursor (default: after the last read)"))
                                            .add("limit", integer("At most this many events (default 20)")))
                            .build()),
            new ToolDefinition(
                    WAIT_FOR_MESSAGE,
                    "Wait until the inbox has something new (or the timeout passes)"
                            + " and return it, as mesh_read_inbox does.",
                    Json.createObjectBuilder()
                            .add("type", "object")
                            .add(
                                    "properties",
                                    properties()
                                            .add(
                                                    "timeoutSeconds",
                                                    integer("How long to wait for an event, 1 to 60 (default 30)")))
                            .build()));

    private static final int DEFAULT_EVENTS = 20;
    private static final int MAX_EVENTS = 100;
    private static final int DEFAULT_WAIT_SECONDS = 30;
    private static final int MAX_WAIT_SECONDS = 60;

    private MeshToolDefinitions() {}

    /** The five tools that act on tasks: what an LLM brain handling one event may do. */
    public static List<ToolDefinition> actions() {
        return ACTIONS;
    }

    /** Every tool an MCP server offers: the five actions, then {@code mesh_read_inbox} and {@code mesh_wait_for_message}. */
    public static List<ToolDefinition> all() {
        return Stream.concat(ACTIONS.stream(), INBOX.stream()).toList();
    }

    /** What an MCP server tells the host about itself, for the agent {@code agentId} or any agent (null). */
    public static String instructions(String agentId) {
        return "You are " + (agentId == null ? "an agent" : "the agent " + agentId) + " on Agent Mesh. Read your"
                + " inbox with mesh_wait_for_message, answer in tasks with mesh_reply, report progress with"
                + " mesh_update_task.";
    }

    /** How many events an inbox tool reads: its {@code limit}, 1 to 100, 20 by default. */
    public static int eventLimit(JsonObject arguments) {
        return Math.max(1, Math.min(MAX_EVENTS, arguments.getInt("limit", DEFAULT_EVENTS)));
    }

    /** How long {@code mesh_wait_for_message} waits: its {@code timeoutSeconds}, 1 to 60, 30 by default. */
    public static int waitSeconds(JsonObject arguments) {
        return Math.max(1, Math.min(MAX_WAIT_SECONDS, arguments.getInt("timeoutSeconds", DEFAULT_WAIT_SECONDS)));
    }

    /** A refusal as a tool's result: the model reads it and decides; a host shows it as an error. */
    public static String error(String message) {
        return Json.createObjectBuilder().add("error", message).build().toString();
    }

    /** Whether a tool's result is a refusal made by {@link #error}. */
    public static boolean isError(String result) {
        return result.startsWith("{\"error\"");
    }

    private static ToolDefinition action(
            String name, String description, JsonObjectBuilder properties, String... required) {
        var requiredNames = Json.createArrayBuilder();
        for (String property : required) {
            requiredNames.add(property);
        }
        return new ToolDefinition(
                name,
                description,
                Json.createObjectBuilder()
                        .add("type", "object")
                        .add("properties", properties)
                        .add("required", requiredNames)
                        .build());
    }

    private static JsonObjectBuilder properties() {
        return Json.createObjectBuilder();
    }

    private static JsonObject string(String description) {
        return Json.createObjectBuilder()
                .add("type", "string")
                .add("description", description)
                .build();
    }

    private static JsonObject integer(String description) {
        return Json.createObjectBuilder()
                .add("type", "integer")
                .add("description", description)
                .build();
    }
}
