package agentmesh.mcp.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

class MeshToolDefinitionsTest {

    @Test
    void anMcpServerOffersTheFiveActionsThenTheTwoInboxTools() {
        assertEquals(
                List.of(
                        "mesh_send_message",
                        "mesh_reply",
                        "mesh_update_task",
                        "mesh_add_artifact",
                        "mesh_read_task",
                        "mesh_read_inbox",
                        "mesh_wait_for_message"),
                MeshToolDefinitions.all().stream().map(ToolDefinition::name).toList());
        assertEquals(MeshToolDefinitions.all().subList(0, 5), MeshToolDefinitions.actions());
    }

    @Test
    void aSendNeedsItsRecipientAndText() {
        JsonObject schema = MeshToolDefinitions.all().get(0).inputSchema();

        assertEquals("object", schema.getString("type"));
        assertEquals(Json.createArrayBuilder().add("to").add("text").build(), schema.getJsonArray("required"));
        assertEquals(
                List.of("to", "text", "taskId"),
                List.copyOf(schema.getJsonObject("properties").keySet()));
    }

    @Test
    void aToolAsAFunctionCarriesItsSchemaAsParameters() {
        ToolDefinition reply = MeshToolDefinitions.actions().get(1);

        JsonObject function = reply.asFunction();

        assertEquals("function", function.getString("type"));
        assertEquals("mesh_reply", function.getJsonObject("function").getString("name"));
        assertEquals(reply.inputSchema(), function.getJsonObject("function").getJsonObject("parameters"));
    }

    @Test
    void inboxArgumentsAreHeldWithinTheirBounds() {
        assertEquals(20, MeshToolDefinitions.eventLimit(JsonObject.EMPTY_JSON_OBJECT));
        assertEquals(
                100,
                MeshToolDefinitions.eventLimit(
                        Json.createObjectBuilder().add("limit", 5000).build()));
        assertEquals(
                1,
                MeshToolDefinitions.eventLimit(
                        Json.createObjectBuilder().add("limit", -3).build()));
        assertEquals(30, MeshToolDefinitions.waitSeconds(JsonObject.EMPTY_JSON_OBJECT));
        assertEquals(
                60,
                MeshToolDefinitions.waitSeconds(
                        Json.createObjectBuilder().add("timeoutSeconds", 3600).build()));
        assertEquals(
                1,
                MeshToolDefinitions.waitSeconds(
                        Json.createObjectBuilder().add("timeoutSeconds", 0).build()));
    }

    @Test
    void aRefusalIsAnErrorResultAndAnAnswerIsNot() {
        assertTrue(MeshToolDefinitions.isError(MeshToolDefinitions.error("404 Not Found: no agent x")));
        assertFalse(MeshToolDefinitions.isError("{\"state\":\"working\"}"));
    }
}
