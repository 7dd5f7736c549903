package agentmesh.a2a.boundary;

import agentmesh.json.MeshJson;
import agentmesh.task.control.MessageView;
import agentmesh.task.control.TaskLifecycle;
import agentmesh.task.control.TaskView;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.List;

/** The same parts in the mesh's shape and on 1.0's wire, and tasks that carry them, for the wire mapping's tests. */
final class WireFixtures {

    static final Instant NOW = Instant.parse("2026-12-04T10:00:00Z");
    static final JsonArray MESH_PARTS = json("""
            [{"kind":"text","text":"hi"},{"kind":"data","data":{"pr":42}},
             {"kind":"file","file":{"uri":"https://x/y.txt","mimeType":"text/plain","name":"y.txt"}},
             {"kind":"file","file":{"bytes":"aGk="}}]""");
    static final JsonArray V1_PARTS = json("""
            [{"text":"hi"},{"data":{"pr":42}},{"url":"https://x/y.txt","mediaType":"text/plain","filename":"y.txt"},
             {"raw":"aGk="}]""");

    private WireFixtures() {}

    /** A task of bob's for alice, in the state given, with one message of bob's carrying the parts. */
    static TaskView task(String state, String reason, JsonArray parts) {
        return new TaskView(
                "t-1",
                "c-1",
                "alice",
                "bob",
                new TaskView.Status(state, NOW, reason),
                List.of(new MessageView("m-1", 1, "bob", "alice", "agent", parts, NOW)),
                List.<TaskLifecycle.ArtifactView>of(),
                null,
                0,
                NOW,
                NOW);
    }

    static TaskView task(JsonArray parts) {
        return task("input-required", null, parts);
    }

    static TaskLifecycle.ArtifactView artifact(boolean append) {
        return new TaskLifecycle.ArtifactView(
                "a-1", "report", json("[{\"kind\":\"text\",\"text\":\"done\"}]"), NOW, append);
    }

    static JsonArray json(String text) {
        return MeshJson.readArray(text);
    }

    static JsonObject object(String text) {
        return MeshJson.readObject(text);
    }
}
