package agentmesh.a2a.boundary;

import agentmesh.platform.MeshJson;
import agentmesh.task.control.MessageView;
import agentmesh.task.control.TaskLifecycle;
import agentmesh.task.control.TaskView;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class A2aVersionTest {

    private static final JsonArray MESH_PARTS = json("""
            [{"kind":"text","text":"hi"},{"kind":"data","data":{"pr":42}},
             {"kind":"file","file":{"uri":"https://x/y.txt","mimeType":"text/plain","name":"y.txt"}},
             {"kind":"file","file":{"bytes":"aGk="}}]""");
    private static final JsonArray V1_PARTS = json("""
            [{"text":"hi"},{"data":{"pr":42}},{"url":"https://x/y.txt","mediaType":"text/plain","filename":"y.txt"},
             {"raw":"aGk="}]""");

    @Test
    void partsOf10BecomeTheMeshsAndComeBackTheSame() {
        assertEquals(MESH_PARTS, A2aVersion.V1_0.meshParts(V1_PARTS, "parts"));
        TaskView task = task(MESH_PARTS);
        assertEquals(V1_PARTS, A2aVersion.V1_0.task(task).getJsonArray("history").getJsonObject(0)
                .getJsonArray("parts"));
    }

    @Test
    void partsOf03AreTheMeshsOwn() {
        assertSame(MESH_PARTS, A2aVersion.V0_3.meshParts(MESH_PARTS, "parts"));
        assertEquals(MESH_PARTS, A2aVersion.V0_3.task(task(MESH_PARTS)).getJsonArray("history").getJsonObject(0)
                .getJsonArray("parts"));
    }

    @Test
    void aPartWithTwoContentsOrDataThatIsNoObjectIsRefused() {
        assertThrows(A2aError.class, () -> A2aVersion.V1_0.meshParts(json("[{\"text\":\"a\",\"url\":\"b\"}]"), "p"));
        assertThrows(A2aError.class, () -> A2aVersion.V1_0.meshParts(json("[{\"data\":[1,2]}]"), "p"));
        assertThrows(A2aError.class, () -> A2aVersion.V1_0.meshParts(json("[]"), "p"));
    }

    @Test
    void eachVersionNamesStatesRolesAndResultsItsOwnWay() {
        JsonObject v1 = A2aVersion.V1_0.result("task", A2aVersion.V1_0.task(task(MESH_PARTS)));
        assertEquals("TASK_STATE_INPUT_REQUIRED", v1.getJsonObject("task").getJsonObject("status").getString("state"));
        assertEquals("ROLE_AGENT", v1.getJsonObject("task").getJsonArray("history").getJsonObject(0)
                .getString("role"));
        assertFalse(v1.getJsonObject("task").containsKey("kind"));

        JsonObject v03 = A2aVersion.V0_3.result("task", A2aVersion.V0_3.task(task(MESH_PARTS)));
        assertEquals("task", v03.getString("kind"));
        assertEquals("input-required", v03.getJsonObject("status").getString("state"));
        assertEquals("agent", v03.getJsonArray("history").getJsonObject(0).getString("role"));
        assertEquals(false, A2aVersion.V0_3.statusUpdate(task(MESH_PARTS)).getBoolean("final"));
    }

    @Test
    void theVersionHeaderDecidesAndAnAbsentOneFollowsTheMethodsNaming() {
        assertEquals(A2aVersion.V1_0, A2aVersion.requested("1.0"));
        assertEquals(A2aVersion.V0_3, A2aVersion.requested("0.3"));
        assertNull(A2aVersion.requested(null));
        assertEquals(A2aError.VERSION_NOT_SUPPORTED, assertThrows(A2aError.class,
                () -> A2aVersion.requested("0.2")).code());
        assertEquals(A2aVersion.V0_3, A2aVersion.impliedBy("message/send"));
        assertEquals(A2aVersion.V1_0, A2aVersion.impliedBy("SendMessage"));
        assertEquals("input-required", A2aVersion.meshState("TASK_STATE_INPUT_REQUIRED"));
        assertNull(A2aVersion.meshState("TASK_STATE_RUNNING"));
    }

    @Test
    void a10MethodWithoutTheVersionHeaderIsServedIn10AndA03OneIn03() {
        assertEquals(A2aVersion.V1_0, A2aVersion.ofJsonRpc(null, "SendMessage"));
        assertEquals(A2aVersion.V1_0, A2aVersion.ofJsonRpc("", "ListTasks"));
        assertEquals(A2aVersion.V0_3, A2aVersion.ofJsonRpc(null, "message/send"));
        assertEquals(A2aVersion.V0_3, A2aVersion.ofJsonRpc("0.3", "SendMessage"));
        assertEquals(A2aVersion.V1_0, A2aVersion.ofRest(null));
    }

    @Test
    void aPatchNumberIsNotConsidered() {
        assertEquals(A2aVersion.V1_0, A2aVersion.requested("1.0.1"));
        assertEquals(A2aVersion.V1_0, A2aVersion.requested(" 1 "));
        assertEquals(A2aVersion.V0_3, A2aVersion.requested("0.3.0"));
    }

    @Test
    void anUnsupportedVersionIsVersionNotSupportedOnJsonRpcAndHttpJson() {
        for (String version : List.of("0.5", "1.1", "2.0", "0.2.6", "latest", "1.0-rc", "99999999999")) {
            A2aError jsonRpc = assertThrows(A2aError.class, () -> A2aVersion.ofJsonRpc(version, "SendMessage"));
            assertEquals(A2aError.VERSION_NOT_SUPPORTED, jsonRpc.code(), version);
            assertEquals(-32009, new A2aWire.JsonRpc(JsonValue.NULL).failure(jsonRpc).getJsonObject("error")
                    .getInt("code"));
            A2aError rest = assertThrows(A2aError.class, () -> A2aVersion.ofRest(version));
            assertEquals(400, new A2aWire.Rest().status(rest), version);
            JsonObject detail = new A2aWire.Rest().failure(rest).getJsonObject("error").getJsonArray("details")
                    .getJsonObject(0);
            assertEquals("VERSION_NOT_SUPPORTED", detail.getString("reason"));
            assertEquals("a2a-protocol.org", detail.getString("domain"));
        }
        assertEquals(A2aError.VERSION_NOT_SUPPORTED, assertThrows(A2aError.class,
                () -> A2aVersion.ofRest("0.3")).code());
    }

    private static TaskView task(JsonArray parts) {
        Instant now = Instant.parse("2026-12-04T10:00:00Z");
        return new TaskView("t-1", "c-1", "alice", "bob", new TaskView.Status("input-required", now, null),
                List.of(new MessageView("m-1", 1, "bob", "alice", "agent", parts, now)),
                List.<TaskLifecycle.ArtifactView>of(), null, 0, now, now);
    }

    private static JsonArray json(String text) {
        return MeshJson.readArray(text);
    }
}
