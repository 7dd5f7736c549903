package agentmesh.a2a.boundary;

import static agentmesh.a2a.boundary.WireFixtures.MESH_PARTS;
import static agentmesh.a2a.boundary.WireFixtures.V1_PARTS;
import static agentmesh.a2a.boundary.WireFixtures.artifact;
import static agentmesh.a2a.boundary.WireFixtures.json;
import static agentmesh.a2a.boundary.WireFixtures.object;
import static agentmesh.a2a.boundary.WireFixtures.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

class A2a10MappingTest {

    private final A2aMapping v1 = A2aVersion.V1_0.mapping();

    @Test
    void partsOf10BecomeTheMeshsAndComeBackTheSame() {
        assertEquals(MESH_PARTS, v1.meshParts(V1_PARTS, "parts"));
        assertEquals(
                V1_PARTS,
                v1.task(task(MESH_PARTS))
                        .getJsonArray("history")
                        .getJsonObject(0)
                        .getJsonArray("parts"));
    }

    @Test
    void aPartWithTwoContentsOrDataThatIsNoObjectIsRefused() {
        assertThrows(A2aError.class, () -> v1.meshParts(json("[{\"text\":\"a\",\"url\":\"b\"}]"), "p"));
        assertThrows(A2aError.class, () -> v1.meshParts(json("[{\"data\":[1,2]}]"), "p"));
        assertThrows(A2aError.class, () -> v1.meshParts(json("[\"text\"]"), "p"));
        assertThrows(A2aError.class, () -> v1.meshParts(json("[]"), "p"));
    }

    @Test
    void statesAndRolesAreProtoEnumsAndObjectsHaveNoKind() {
        JsonObject result = v1.result("task", v1.task(task(MESH_PARTS)));
        JsonObject task = result.getJsonObject("task");
        assertEquals("TASK_STATE_INPUT_REQUIRED", task.getJsonObject("status").getString("state"));
        assertEquals("ROLE_AGENT", task.getJsonArray("history").getJsonObject(0).getString("role"));
        assertFalse(task.containsKey("kind"));
        assertEquals("bob", task.getJsonObject("metadata").getString("assignee"));
    }

    @Test
    void aStatusReasonIsAMessageOfTheAgentsInTheWiresParts() {
        JsonObject status = v1.status(task("failed", "no disk", MESH_PARTS));
        JsonObject message = status.getJsonObject("message");
        assertEquals("TASK_STATE_FAILED", status.getString("state"));
        assertEquals("ROLE_AGENT", message.getString("role"));
        assertEquals(json("[{\"text\":\"no disk\"}]"), message.getJsonArray("parts"));
        assertFalse(message.containsKey("kind"));
    }

    @Test
    void streamEventsAreWrappedByTheirOneofFieldWithoutAFinalFlag() {
        JsonObject update = v1.statusUpdate(task("completed", null, MESH_PARTS));
        assertTrue(update.getJsonObject("statusUpdate").getJsonObject("status").containsKey("state"));
        assertFalse(update.getJsonObject("statusUpdate").containsKey("final"));
        JsonObject appended =
                v1.artifactUpdate(task(MESH_PARTS), artifact(true)).getJsonObject("artifactUpdate");
        assertTrue(appended.getBoolean("append"));
        assertEquals(
                json("[{\"text\":\"done\"}]"),
                appended.getJsonObject("artifact").getJsonArray("parts"));
    }

    @Test
    void anOutgoingMessageIsTheUsersAndNamesOnlyTheIdsItHas() {
        JsonObject first = v1.outgoingMessage("m-9", null, null, MESH_PARTS);
        assertEquals("ROLE_USER", first.getString("role"));
        assertEquals(V1_PARTS, first.getJsonArray("parts"));
        assertFalse(first.containsKey("contextId") || first.containsKey("taskId"));
        JsonObject later = v1.outgoingMessage("m-10", "c-1", "t-1", MESH_PARTS);
        assertEquals("c-1", later.getString("contextId"));
        assertEquals("t-1", later.getString("taskId"));
    }

    @Test
    void aPushCarriesTheEventItselfAndNeverReadsTheTask() {
        JsonObject status = v1.pushed(object("""
                {"type":"task-status","taskId":"t-1","contextId":"c-1","createdAt":"2026-12-04T10:00:00Z",
                 "status":{"state":"working","timestamp":"2026-12-04T10:00:00Z"}}"""), () -> {
            throw new AssertionError("1.0 pushes the event");
        });
        assertEquals(
                "TASK_STATE_WORKING",
                status.getJsonObject("statusUpdate").getJsonObject("status").getString("state"));
        assertThrows(IllegalArgumentException.class, () -> v1.pushed(object("""
                {"type":"receipt","taskId":"t-1","contextId":"c-1","createdAt":"2026-12-04T10:00:00Z"}"""), () -> task(MESH_PARTS)));
    }
}
