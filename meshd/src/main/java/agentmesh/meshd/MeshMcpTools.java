package agentmesh.meshd;

import agentmesh.client.InboxEvent;
import agentmesh.client.MeshAgent;
import agentmesh.client.MeshProblemException;
import agentmesh.client.Pages;
import agentmesh.mcp.tools.MeshToolDefinitions;
import agentmesh.mcp.tools.ToolDefinition;
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
 * The mesh's tools for MCP hosts over stdio ({@code meshd mcp}), acting through the mesh's HTTP API; their
 * definitions are {@link MeshToolDefinitions}'s, which the mesh's own MCP endpoint offers too: meshd's five
 * ({@code mesh_send_message}, {@code mesh_reply}, {@code mesh_update_task}, {@code mesh_add_artifact},
 * {@code mesh_read_task}, each naming its task since there is no event in hand) and the inbox:
 * {@code mesh_read_inbox} (events after a cursor, by default after the last read) and {@code mesh_wait_for_message}
 * (the same, waiting up to a timeout for one). Events read are acknowledged. Each call acts for the agent of the
 * call's {@link Session}.
 */
final class MeshMcpTools {

    private MeshMcpTools() {}

    /** One agent in one MCP session: its client, the ids of its actions, and how far it has read its inbox. */
    static final class Session {

        private final MeshAgent agent;
        private final Actions actions;
        private volatile Long lastRead;

        Session(MeshAgent agent, PrintStream log) {
            this.agent = agent;
            this.actions = new Actions(
                    agent, "mcp-" + UUID.randomUUID().toString().substring(0, 8), null, new Transcript(log));
        }
    }

    /** Every tool, each acting for the session {@code sessionOf} finds for the call. */
    static List<SyncToolSpecification> all(Function<McpSyncServerExchange, Session> sessionOf) {
        List<SyncToolSpecification> tools = new ArrayList<>();
        for (ToolDefinition definition : MeshToolDefinitions.all()) {
            String name = definition.name();
            BiFunction<Session, JsonObject, String> call = switch (name) {
                case MeshToolDefinitions.READ_INBOX ->
                    (session, arguments) -> readInbox(session, arguments, Duration.ZERO);
                case MeshToolDefinitions.WAIT_FOR_MESSAGE ->
                    (session, arguments) -> readInbox(
                            session, arguments, Duration.ofSeconds(MeshToolDefinitions.waitSeconds(arguments)));
                default -> (session, arguments) -> MeshTools.call(name, arguments, session.actions);
            };
            tools.add(tool(definition, call, sessionOf));
        }
        return tools;
    }

    private static String readInbox(Session session, JsonObject arguments, Duration wait) {
        Long after = arguments.containsKey("after")
                ? Long.valueOf(arguments.getJsonNumber("after").longValue())
                : session.lastRead;
        int limit = MeshToolDefinitions.eventLimit(arguments);
        Pages.InboxPage page = session.agent.inbox(after, limit, wait);
        if (!page.events().isEmpty()) {
            session.lastRead = page.nextCursor();
            session.agent.ack(page.nextCursor());
        }
        JsonArrayBuilder events = Json.createArrayBuilder();
        page.events().forEach(event -> events.add(event(event)));
        return Json.createObjectBuilder()
                .add("events", events)
                .add("nextCursor", page.nextCursor())
                .build()
                .toString();
    }

    private static JsonObject event(InboxEvent event) {
        var json = Json.createObjectBuilder()
                .add("cursor", event.cursor())
                .add("taskId", event.taskId())
                .add("from", event.from() == null ? "" : event.from());
        if (event instanceof InboxEvent.MessageEvent message) {
            json.add("type", "message").add("messageId", message.messageId()).add("text", Transcript.text(message));
        } else if (event instanceof InboxEvent.StatusEvent status) {
            json.add("type", "task-status").add("state", status.status().state().wireName());
            if (status.status().reason() != null) {
                json.add("reason", status.status().reason());
            }
        } else {
            json.add("type", "artifact")
                    .add("name", ((InboxEvent.ArtifactEvent) event).artifact().name());
        }
        return json.build();
    }

    private static SyncToolSpecification tool(
            ToolDefinition definition,
            BiFunction<Session, JsonObject, String> call,
            Function<McpSyncServerExchange, Session> sessionOf) {
        McpSchema.Tool tool = McpSchema.Tool.builder()
                .name(definition.name())
                .description(definition.description())
                .inputSchema(
                        McpJsonDefaults.getMapper(), definition.inputSchema().toString())
                .build();
        return SyncToolSpecification.builder()
                .tool(tool)
                .callHandler((exchange, request) -> {
                    String result;
                    boolean error;
                    try {
                        result = call.apply(sessionOf.apply(exchange), arguments(request.arguments()));
                        error = MeshToolDefinitions.isError(result);
                    } catch (MeshProblemException e) {
                        result = MeshToolDefinitions.error(e.getMessage());
                        error = true;
                    }
                    return McpSchema.CallToolResult.builder()
                            .addTextContent(result)
                            .isError(error)
                            .build();
                })
                .build();
    }

    /** The host's arguments (already parsed by the SDK) as JSON-P, which the mesh's tools read. */
    private static JsonObject arguments(Map<String, Object> arguments) {
        return arguments == null
                ? JsonObject.EMPTY_JSON_OBJECT
                : Json.createObjectBuilder(arguments).build();
    }
}
