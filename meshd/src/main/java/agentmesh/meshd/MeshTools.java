package agentmesh.meshd;

import agentmesh.client.Artifact;
import agentmesh.client.MeshProblemException;
import agentmesh.client.SendReceipt;
import agentmesh.client.Task;
import agentmesh.client.TaskState;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

/**
 * The mesh's tools for a model, as OpenAI-style function definitions, and their calls carried out through
 * {@link Actions}. A refusal of the mesh is the tool's result (the model reads it and decides), not a failure of the
 * event.
 */
final class MeshTools {

    private MeshTools() {
    }

    static JsonArray definitions() {
        return Json.createArrayBuilder()
                .add(tool("mesh_send_message", "Send a text message to another agent. Without taskId it opens a new"
                        + " task with that agent; with taskId it is a message in that task.",
                        properties().add("to", string("The recipient agent's id"))
                                .add("text", string("The message")).add("taskId", string("An existing task's id")),
                        "to", "text"))
                .add(tool("mesh_reply", "Reply in the task being handled (or in taskId), to its other agent.",
                        properties().add("text", string("The reply")).add("taskId", string("Another task's id")),
                        "text"))
                .add(tool("mesh_update_task", "Set the state of the task being handled (or of taskId): working,"
                        + " input-required, completed, failed or rejected.",
                        properties().add("state", string("The new state")).add("reason", string("Why, briefly"))
                                .add("taskId", string("Another task's id")), "state"))
                .add(tool("mesh_add_artifact", "Attach a named result to the task being handled (or to taskId).",
                        properties().add("name", string("The artifact's name")).add("text", string("Its content"))
                                .add("taskId", string("Another task's id")), "name", "text"))
                .add(tool("mesh_read_task", "Read a task (the one being handled unless taskId is given): its"
                        + " state, newest messages and artifacts.",
                        properties().add("taskId", string("A task's id"))))
                .build();
    }

    /** Carries out one call; the result is what the model is told. */
    static String call(String name, JsonObject arguments, Actions actions) {
        try {
            return switch (name) {
                case "mesh_send_message" -> sent(actions.sendMessage(arguments.getString("to"),
                        arguments.getString("taskId", null), arguments.getString("text")));
                case "mesh_reply" -> sent(actions.reply(arguments.getString("taskId", null),
                        arguments.getString("text")));
                case "mesh_update_task" -> status(actions.updateTask(arguments.getString("taskId", null),
                        TaskState.of(arguments.getString("state")), arguments.getString("reason", null)));
                case "mesh_add_artifact" -> artifact(actions.addArtifact(arguments.getString("taskId", null),
                        arguments.getString("name"), arguments.getString("text")));
                case "mesh_read_task" -> task(actions.readTask(arguments.getString("taskId", null)));
                default -> error("no tool named " + name);
            };
        } catch (MeshProblemException e) {
            return error(e.getMessage());
        } catch (IllegalArgumentException | IllegalStateException | NullPointerException | ClassCastException e) {
            return error("bad arguments for " + name + ": " + e.getMessage());
        }
    }

    private static String sent(SendReceipt receipt) {
        return receipt == null ? ok("sent before") : Json.createObjectBuilder().add("messageId", receipt.messageId())
                .add("taskId", receipt.taskId()).add("seq", receipt.seq()).build().toString();
    }

    private static String status(Task.Status status) {
        return Json.createObjectBuilder().add("state", status.state().wireName()).build().toString();
    }

    private static String artifact(Artifact artifact) {
        return artifact == null ? ok("added before")
                : Json.createObjectBuilder().add("artifactId", artifact.artifactId()).build().toString();
    }

    private static String task(Task task) {
        var history = Json.createArrayBuilder();
        task.history().forEach(message -> history.add(Json.createObjectBuilder().add("from", message.from())
                .add("seq", message.seq()).add("text", message.parts().stream()
                        .map(part -> part.text() == null ? "[" + part.kind() + "]" : part.text())
                        .reduce((a, b) -> a + " " + b).orElse(""))));
        var artifacts = Json.createArrayBuilder();
        task.artifacts().forEach(artifact -> artifacts.add(artifact.name() == null ? "" : artifact.name()));
        return Json.createObjectBuilder().add("taskId", task.taskId()).add("requester", task.requester())
                .add("assignee", task.assignee()).add("state", task.status().state().wireName())
                .add("history", history).add("artifacts", artifacts).build().toString();
    }

    private static String ok(String note) {
        return Json.createObjectBuilder().add("ok", note).build().toString();
    }

    private static String error(String message) {
        return Json.createObjectBuilder().add("error", message).build().toString();
    }

    private static JsonObject tool(String name, String description, JsonObjectBuilder properties,
                                   String... required) {
        var requiredNames = Json.createArrayBuilder();
        for (String property : required) {
            requiredNames.add(property);
        }
        return Json.createObjectBuilder().add("type", "function").add("function", Json.createObjectBuilder()
                .add("name", name).add("description", description)
                .add("parameters", Json.createObjectBuilder().add("type", "object").add("properties", properties)
                        .add("required", requiredNames))).build();
    }

    private static JsonObjectBuilder properties() {
        return Json.createObjectBuilder();
    }

    private static JsonObject string(String description) {
        return Json.createObjectBuilder().add("type", "string").add("description", description).build();
    }
}
