package agentmesh.a2a.boundary;

import agentmesh.json.MeshJson;
import agentmesh.task.control.TaskView;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.function.Supplier;

/**
 * A2A 0.3's wire: the JSON schema of that release. A {@code kind} on every object; kebab-case states and lower-case
 * roles, as the mesh spells them; parts as the mesh stores them ({@code {"kind":"text","text":…}},
 * {@code {"kind":"file","file":{"bytes"|"uri",…}}}); results unwrapped; a {@code final} flag on status updates; a push
 * notification carries the task as it is then.
 */
final class A2a03Mapping extends A2aMapping {

    @Override
    JsonArray meshPartsOf(JsonArray parts, String path) {
        return parts;
    }

    @Override
    String state(String meshState) {
        return meshState;
    }

    @Override
    String role(String meshRole) {
        return meshRole;
    }

    @Override
    JsonObject wirePart(JsonObject meshPart) {
        return meshPart;
    }

    @Override
    JsonObjectBuilder kind(String kind) {
        return MeshJson.object().add("kind", kind);
    }

    @Override
    JsonObject result(String field, JsonObject payload) {
        return payload;
    }

    @Override
    JsonObjectBuilder statusUpdateFields(TaskView task) {
        return super.statusUpdateFields(task)
                .add("final", A2aStates.isStreamEnd(task.status().state()));
    }

    @Override
    public JsonObject pushed(JsonObject inboxEvent, Supplier<TaskView> taskNow) {
        return task(taskNow.get());
    }
}
