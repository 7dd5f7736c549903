package agentmesh.meshd;

import agentmesh.client.Artifact;
import agentmesh.client.MeshProblemException;
import agentmesh.client.SendReceipt;
import agentmesh.client.Task;
import agentmesh.client.TaskState;
import agentmesh.mcp.tools.MeshToolDefinitions;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;

/**
 * The mesh's tools for a model, as OpenAI-style function definitions ({@link MeshToolDefinitions}, shared with the
 * server's MCP endpoint), and their calls carried out through {@link Actions}. A refusal of the mesh is the tool's
 * result (the model reads it and decides), not a failure of the event.
 */
final class MeshTools {

    private MeshTools() {}

    /** The five actions as OpenAI-style functions (the definitions every place that offers the tools shares). */
    static JsonArray definitions() {
        JsonArrayBuilder functions = Json.createArrayBuilder();
        MeshToolDefinitions.actions().forEach(tool -> functions.add(tool.asFunction()));
        return functions.build();
    }

    /** Carries out one call; the result is what the model is told. */
    static String call(String name, JsonObject arguments, Actions actions) {
        try {
            return switch (name) {
                case MeshToolDefinitions.SEND_MESSAGE ->
                    sent(actions.sendMessage(
                            arguments.getString("to"),
                            arguments.getString("taskId", null),
                            arguments.getString("text")));
                case MeshToolDefinitions.REPLY ->
                    sent(actions.reply(arguments.getString("taskId", null), arguments.getString("text")));
                case MeshToolDefinitions.UPDATE_TASK ->
                    status(actions.updateTask(
                            arguments.getString("taskId", null),
                            TaskState.of(arguments.getString("state")),
                            arguments.getString("reason", null)));
                case MeshToolDefinitions.ADD_ARTIFACT ->
                    artifact(actions.addArtifact(
                            arguments.getString("taskId", null),
                            arguments.getString("name"),
                            arguments.getString("text")));
                case MeshToolDefinitions.READ_TASK -> task(actions.readTask(arguments.getString("taskId", null)));
                default -> MeshToolDefinitions.error("no tool named " + name);
            };
        } catch (MeshProblemException e) {
            return MeshToolDefinitions.error(e.getMessage());
        } catch (IllegalArgumentException | IllegalStateException | NullPointerException | ClassCastException e) {
            return MeshToolDefinitions.error("bad arguments for " + name + ": " + e.getMessage());
        }
    }

    private static String sent(SendReceipt receipt) {
        return receipt == null
                ? ok("sent before")
                : Json.createObjectBuilder()
                        .add("messageId", receipt.messageId())
                        .add("taskId", receipt.taskId())
                        .add("seq", receipt.seq())
                        .build()
                        .toString();
    }

    private static String status(Task.Status status) {
        return Json.createObjectBuilder()
                .add("state", status.state().wireName())
                .build()
                .toString();
    }

    private static String artifact(Artifact artifact) {
        return artifact == null
                ? ok("added before")
                : Json.createObjectBuilder()
                        .add("artifactId", artifact.artifactId())
                        .build()
                        .toString();
    }

    private static String task(Task task) {
        var history = Json.createArrayBuilder();
        task.history()
                .forEach(message -> history.add(Json.createObjectBuilder()
                        .add("from", message.from())
                        .add("seq", message.seq())
                        .add(
                                "text",
                                message.parts().stream()
                                        .map(part -> part.text() == null ? "[" + part.kind() + "]" : part.text())
                                        .reduce((a, b) -> a + " " + b)
                                        .orElse(""))));
        var artifacts = Json.createArrayBuilder();
        task.artifacts().forEach(artifact -> artifacts.add(artifact.name() == null ? "" : artifact.name()));
        return Json.createObjectBuilder()
                .add("taskId", task.taskId())
                .add("requester", task.requester())
                .add("assignee", task.assignee())
                .add("state", task.status().state().wireName())
                .add("history", history)
                .add("artifacts", artifacts)
                .build()
                .toString();
    }

    private static String ok(String note) {
        return Json.createObjectBuilder().add("ok", note).build().toString();
    }
}
