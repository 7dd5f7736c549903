package agentmesh.mcp.boundary;

import agentmesh.mcp.tools.MeshToolDefinitions;
import agentmesh.mcp.tools.ToolDefinition;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;

/**
 * The mesh's tools ({@link MeshToolDefinitions}, the same meshd offers) as the MCP library's specifications, each
 * carried out in-process for the agent of the call ({@link TaskTools}, {@link InboxTools}). A refusal is the tool's
 * result with {@code isError}, in the words the API would have answered ({@link ToolProblems}).
 */
@ApplicationScoped
class McpTools {

    @Inject
    TaskTools tasks;

    @Inject
    InboxTools inbox;

    List<SyncToolSpecification> specifications() {
        return MeshToolDefinitions.all().stream().map(this::specification).toList();
    }

    private SyncToolSpecification specification(ToolDefinition definition) {
        McpSchema.Tool tool = McpSchema.Tool.builder()
                .name(definition.name())
                .description(definition.description())
                .inputSchema(
                        McpJsonDefaults.getMapper(), definition.inputSchema().toString())
                .build();
        return SyncToolSpecification.builder()
                .tool(tool)
                .callHandler((exchange, request) -> {
                    String result =
                            call(definition.name(), McpCaller.of(exchange), ToolArguments.of(request.arguments()));
                    return McpSchema.CallToolResult.builder()
                            .addTextContent(result)
                            .isError(MeshToolDefinitions.isError(result))
                            .build();
                })
                .build();
    }

    String call(String name, McpCaller caller, ToolArguments arguments) {
        try {
            return switch (name) {
                case MeshToolDefinitions.SEND_MESSAGE -> tasks.sendMessage(caller, arguments);
                case MeshToolDefinitions.REPLY -> tasks.reply(caller, arguments);
                case MeshToolDefinitions.UPDATE_TASK -> tasks.updateTask(caller, arguments);
                case MeshToolDefinitions.ADD_ARTIFACT -> tasks.addArtifact(caller, arguments);
                case MeshToolDefinitions.READ_TASK -> tasks.readTask(caller, arguments);
                case MeshToolDefinitions.READ_INBOX ->
                    inbox.read(caller, arguments, MeshToolDefinitions.eventLimit(arguments.json()), 0);
                case MeshToolDefinitions.WAIT_FOR_MESSAGE ->
                    inbox.read(
                            caller,
                            arguments,
                            MeshToolDefinitions.eventLimit(arguments.json()),
                            MeshToolDefinitions.waitSeconds(arguments.json()));
                default -> MeshToolDefinitions.error("no tool named " + name);
            };
        } catch (RuntimeException e) {
            return MeshToolDefinitions.error(ToolProblems.describe(e));
        }
    }
}
