package agentmesh.a2a.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import agentmesh.json.MeshJson;
import agentmesh.web.Ids;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

class A2aTasksTest {

    private static final String RULE = "1-64 characters of [A-Za-z0-9._:-]";

    @Test
    void anEmptyIdIsUnsetAsProtoJsonWritesAStringAtItsDefault() {
        JsonObject message =
                MeshJson.object().add("taskId", "").add("contextId", "").build();
        assertNull(A2aTasks.optionalId(message, "taskId", Ids.TASK_ID, RULE));
        assertNull(A2aTasks.optionalId(message, "contextId", Ids.CONTEXT_ID, RULE));
    }

    @Test
    void anIdIsReadAndABadOneStillRefused() {
        JsonObject message =
                MeshJson.object().add("taskId", "t-1").add("contextId", "a b").build();
        assertEquals("t-1", A2aTasks.optionalId(message, "taskId", Ids.TASK_ID, RULE));
        assertThrows(A2aError.class, () -> A2aTasks.optionalId(message, "contextId", Ids.CONTEXT_ID, RULE));
    }
}
