package agentmesh.a2a.boundary;

import static agentmesh.a2a.boundary.WireFixtures.MESH_PARTS;
import static agentmesh.a2a.boundary.WireFixtures.artifact;
import static agentmesh.a2a.boundary.WireFixtures.json;
import static agentmesh.a2a.boundary.WireFixtures.object;
import static agentmesh.a2a.boundary.WireFixtures.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

class A2a03MappingTest {

    private final A2aMapping v03 = A2aVersion.V0_3.mapping();

    @Test
    void partsOf03AreTheMeshsOwn() {
        assertSame(MESH_PARTS, v03.meshParts(MESH_PARTS, "parts"));
        assertEquals(
                MESH_PARTS,
                v03.task(task(MESH_PARTS))
                        .getJsonArray("history")
                        .getJsonObject(0)
                        .getJsonArray("parts"));
        assertThrows(A2aError.class, () -> v03.meshParts(json("[]"), "p"));
    }

    @Test
    void everyObjectNamesItsKindAndStatesAndRolesAreTheMeshsSpelling() {
        JsonObject task = v03.result("task", v03.task(task("failed", "no disk", MESH_PARTS)));
        assertEquals("task", task.getString("kind"));
        assertEquals("failed", task.getJsonObject("status").getString("state"));
        assertEquals("agent", task.getJsonArray("history").getJsonObject(0).getString("role"));
        assertEquals(
                "message", task.getJsonObject("status").getJsonObject("message").getString("kind"));
        assertEquals("status-update", v03.statusUpdate(task(MESH_PARTS)).getString("kind"));
        assertEquals(
                "artifact-update",
                v03.artifactUpdate(task(MESH_PARTS), artifact(false)).getString("kind"));
        assertEquals("user", v03.outgoingMessage("m-9", null, null, MESH_PARTS).getString("role"));
    }

    @Test
    void aStatusUpdateIsFinalExactlyOnATerminalState() {
        assertFalse(v03.statusUpdate(task("input-required", null, MESH_PARTS)).getBoolean("final"));
        assertFalse(v03.statusUpdate(task("working", null, MESH_PARTS)).getBoolean("final"));
        assertTrue(v03.statusUpdate(task("completed", null, MESH_PARTS)).getBoolean("final"));
        assertTrue(v03.statusUpdate(task("canceled", null, MESH_PARTS)).getBoolean("final"));
    }

    @Test
    void aPushCarriesTheTaskAsItIsNow() {
        JsonObject pushed = v03.pushed(object("""
                {"type":"artifact","taskId":"t-1","contextId":"c-1","createdAt":"2026-12-04T10:00:00Z"}"""), () -> task("completed", null, MESH_PARTS));
        assertEquals("task", pushed.getString("kind"));
        assertEquals("completed", pushed.getJsonObject("status").getString("state"));
    }
}
