package agentmesh.mcp.tools;

import jakarta.json.Json;
import jakarta.json.JsonObject;

/** One of the mesh's tools as a model is told of it: its name, what it does, and its arguments' JSON schema. */
public record ToolDefinition(String name, String description, JsonObject inputSchema) {

    /** The same tool as an OpenAI-style function definition ({@code {"type":"function","function":{…}}}). */
    public JsonObject asFunction() {
        return Json.createObjectBuilder()
                .add("type", "function")
                .add(
                        "function",
                        Json.createObjectBuilder()
                                .add("name", name)
                                .add("description", description)
                                .add("parameters", inputSchema))
                .build();
    }
}
