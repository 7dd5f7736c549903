package agentmesh.mcp.boundary;

import agentmesh.mcp.tools.MeshToolDefinitions;
import agentmesh.mcp.tools.ToolDefinition;
import agentmesh.tracing.Tracing;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The mesh's tools ({@link MeshToolDefinitions}, the same meshd offers) as the MCP library's specifications, each
 * carried out in-process for the agent of the call ({@link TaskTools}, {@link InboxTools}). A refusal is the tool's
 * result with {@code isError}, in the words the API would have answered ({@link ToolProblems}).
 */
@ApplicationScoped
class McpTools {

    private static final AttributeKey<String> MCP_METHOD = AttributeKey.stringKey("mcp.method.name");
    private static final AttributeKey<String> TOOL_NAME = AttributeKey.stringKey("gen_ai.tool.name");

    @Inject
    TaskTools tasks;

    @Inject
    Tracing tracing;

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
                    String result = traced(
                            definition.name(),
                            request.meta(),
                            exchange.transportContext(),
                            () -> call(
                                    definition.name(), McpCaller.of(exchange), ToolArguments.of(request.arguments())));
                    return McpSchema.CallToolResult.builder()
                            .addTextContent(result)
                            .isError(MeshToolDefinitions.isError(result))
                            .build();
                })
                .build();
    }

    /**
     * The tool call in its span (SERVER, {@code tools/call {tool}}), continuing the caller's trace: the W3C context
     * in the request's {@code _meta} ({@code traceparent}, {@code tracestate}), else in its HTTP headers
     * (docs/TRACING.md). A message the tool sends is then sent in that trace.
     */
    private String traced(String tool, Map<String, Object> meta, McpTransportContext transport, Supplier<String> call) {
        boolean inMeta = meta != null && meta.get(McpCaller.TRACEPARENT) instanceof String;
        Object traceparent = inMeta ? meta.get(McpCaller.TRACEPARENT) : transport.get(McpCaller.TRACEPARENT);
        Object tracestate = inMeta ? meta.get(McpCaller.TRACESTATE) : transport.get(McpCaller.TRACESTATE);
        Span span = tracing.server(
                "tools/call " + tool,
                traceparent instanceof String text ? text : null,
                tracestate instanceof String text ? text : null);
        if (span == null) {
            return call.get();
        }
        if (span.isRecording()) {
            span.setAttribute(MCP_METHOD, "tools/call").setAttribute(TOOL_NAME, tool);
        }
        try (Scope scope = span.makeCurrent()) {
            String result = call.get();
            if (MeshToolDefinitions.isError(result)) {
                span.setStatus(StatusCode.ERROR, "the tool answered an error");
            }
            return result;
        } finally {
            span.end();
        }
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
