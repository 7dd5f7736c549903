package agentmesh.meshd;

import agentmesh.client.InboxEvent;
import agentmesh.client.MeshAgent;
import agentmesh.client.MeshProblemException;
import agentmesh.client.Pages;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The mesh's tools for MCP hosts, for {@code meshd mcp} (stdio) and the mesh's own MCP endpoint (Streamable HTTP):
 * meshd's five ({@code mesh_send_message}, {@code mesh_reply}, {@code mesh_update_task}, {@code mesh_add_artifact},
 * {@code mesh_read_task}, each naming its task since there is no event in hand) and the inbox:
 * {@code mesh_read_inbox} (events after a cursor, by default after the last read) and {@code mesh_wait_for_message}
 * (the same, waiting up to a timeout for one). Events read are acknowledged. Each call acts for the agent of the
 * call's {@link Session}.
 */
public final class MeshMcpTools {

    private MeshMcpTools() {
    }

    /** One agent in one MCP session: its client, the ids of its actions, and how far it has read its inbox. */
    public static final class Session {

        private final MeshAgent agent;
        private final Actions actions;
        private volatile Long lastRead;

        public Session(MeshAgent agent, PrintStream log) {
            this.agent = agent;
            this.actions = new Actions(agent, "mcp-" + UUID.randomUUID().toString().substring(0, 8), null,
                    new Transcript(log));
        }
    }

    /** What the server tells the host about itself, for the agent {@code agentId} or any agent (null). */
    public static String instructions(String agentId) {
        return "You are " + (agentId == null ? "an agent" : "the agent " + agentId) + " on Agent Mesh. Read your"
                + " inbox with mesh_wait_for_message, answer in tasks with mesh_reply, report progress with"
                + " mesh_update_task.";
    }

    /** Every tool, each acting for the session {@code sessionOf} finds for the call. */
    public static List<SyncToolSpecification> all(Function<McpSyncServerExchange, Session> sessionOf) {
        List<SyncToolSpecification> tools = new ArrayList<>();
        for (JsonObject definition : MeshTools.definitions().getValuesAs(JsonObject.class)) {
            JsonObject function = definition.getJsonObject("function");
            String name = function.getString("name");
            tools.add(tool(name, function.getString("description"), function.getJsonObject("parameters"),
                    (session, arguments) -> MeshTools.call(name, arguments, session.actions), sessionOf));
        }
        JsonObject inboxParameters = Json.createObjectBuilder().add("type", "object").add("properties",
                Json.createObjectBuilder()
                        .add("after", Json.createObjectBuilder().add("type", "integer")
                                .add("description", "Events after this cursor (default: after the last read)"))
                        .add("limit", Json.createObjectBuilder().add("type", "integer")
                                .add("description", "At most this many events (default 20)"))).build();
        tools.add(tool("mesh_read_inbox", "Read the agent's inbox: messages, task status changes and artifacts"
                + " from other agents, oldest first. Returns the events and the cursor to read on from.",
                inboxParameters, (session, arguments) -> readInbox(session, arguments, Duration.ZERO), sessionOf));
        JsonObject waitParameters = Json.createObjectBuilder().add("type", "object").add("properties",
                Json.createObjectBuilder().add("timeoutSeconds", Json.createObjectBuilder().add("type", "integer")
                        .add("description", "How long to wait for an event, 1 to 60 (default 30)"))).build();
        tools.add(tool("mesh_wait_for_message", "Wait until the inbox has something new (or the timeout passes)"
                + " and return it, as mesh_read_inbox does.", waitParameters,
                (session, arguments) -> readInbox(session, arguments, Duration.ofSeconds(Math.max(1, Math.min(60,
                        arguments.getInt("timeoutSeconds", 30))))), sessionOf));
        return tools;
    }

    private static String readInbox(Session session, JsonObject arguments, Duration wait) {
        Long after = arguments.containsKey("after") ? Long.valueOf(arguments.getJsonNumber("after").longValue())
                : session.lastRead;
        int limit = Math.max(1, Math.min(100, arguments.getInt("limit", 20)));
        Pages.InboxPage page = session.agent.inbox(after, limit, wait);
        if (!page.events().isEmpty()) {
            session.lastRead = page.nextCursor();
            session.agent.ack(page.nextCursor());
        }
        JsonArrayBuilder events = Json.createArrayBuilder();
        page.events().forEach(event -> events.add(event(event)));
        return Json.createObjectBuilder().add("events", events).add("nextCursor", page.nextCursor()).build()
                .toString();
    }

    private static JsonObject event(InboxEvent event) {
        var json = Json.createObjectBuilder().add("cursor", event.cursor()).add("taskId", event.taskId())
                .add("from", event.from() == null ? "" : event.from());
        if (event instanceof InboxEvent.MessageEvent message) {
            json.add("type", "message").add("messageId", message.messageId()).add("text", Transcript.text(message));
        } else if (event instanceof InboxEvent.StatusEvent status) {
            json.add("type", "task-status").add("state", status.status().state().wireName());
            if (status.status().reason() != null) {
                json.add("reason", status.status().reason());
            }
        } else {
            json.add("type", "artifact").add("name", ((InboxEvent.ArtifactEvent) event).artifact().name());
        }
        return json.build();
    }

    private static SyncToolSpecification tool(String name, String description, JsonObject parameters,
                                              BiFunction<Session, JsonObject, String> call,
                                              Function<McpSyncServerExchange, Session> sessionOf) {
        McpSchema.Tool tool = McpSchema.Tool.builder().name(name).description(description)
                .inputSchema(McpJsonDefaults.getMapper(), parameters.toString()).build();
        return SyncToolSpecification.builder().tool(tool).callHandler((exchange, request) -> {
            String result;
            boolean error;
            try {
                result = call.apply(sessionOf.apply(exchange), arguments(request.arguments()));
                error = result.startsWith("{\"error\"");
            } catch (MeshProblemException e) {
                result = e.getMessage();
                error = true;
            }
            return McpSchema.CallToolResult.builder().addTextContent(result).isError(error).build();
        }).build();
    }

    /** The host's arguments (already parsed by the SDK) as JSON-P, which the mesh's tools read. */
    private static JsonObject arguments(Map<String, Object> arguments) {
        return arguments == null ? JsonObject.EMPTY_JSON_OBJECT
                : Json.createObjectBuilder(arguments).build();
    }
}
