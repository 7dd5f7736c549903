package agentmesh.mcp.boundary;

import agentmesh.identity.control.IdentityCheck;
import agentmesh.json.MeshJson;
import agentmesh.messaging.boundary.SendMessageRequest;
import agentmesh.messaging.control.MessageIds;
import agentmesh.messaging.control.MessageSender;
import agentmesh.messaging.control.SendCommand;
import agentmesh.messaging.control.SentMessage;
import agentmesh.problem.InvalidRequestException;
import agentmesh.task.boundary.ArtifactRequest;
import agentmesh.task.boundary.StatusChangeRequest;
import agentmesh.task.control.IllegalTransitionException;
import agentmesh.task.control.TaskLifecycle;
import agentmesh.task.control.TaskReader;
import agentmesh.task.control.TaskView;
import agentmesh.task.entity.TaskState;
import agentmesh.web.Ids;
import agentmesh.web.limits.ServerPlaces;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.Validator;
import java.time.Clock;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The five task tools, in-process: each builds the request the API's route would bind, validates it with the same
 * constraints ({@link SendMessageRequest}, {@link StatusChangeRequest}, {@link ArtifactRequest}), and calls the
 * controls that route calls, in a place of the server's ({@link ServerPlaces}). A tool names its task: there is no
 * event in hand here. Results are the JSON meshd's tools answer; a refusal is thrown, told by {@link ToolProblems}.
 */
@ApplicationScoped
class TaskTools {

    private static final String CAUSE = "MCP tools";
    private static final int HISTORY = 20;

    @Inject
    MessageSender sender;

    @Inject
    IdentityCheck identity;

    @EJB
    TaskReader reader;

    @EJB
    TaskLifecycle lifecycle;

    @Inject
    Validator validator;

    @Inject
    ServerPlaces places;

    @Inject
    Clock clock;

    String sendMessage(McpCaller caller, ToolArguments arguments) {
        return sent(caller, arguments.text("to"), arguments.text("taskId"), arguments.requiredText("text"));
    }

    /** A message to the task's other agent. */
    String reply(McpCaller caller, ToolArguments arguments) {
        String taskId = validTaskId(requiredTaskId(arguments));
        String text = arguments.requiredText("text");
        String to = work(() -> reader.counterpart(taskId, caller.agentId()));
        return sent(caller, to, taskId, text);
    }

    /**
     * Moves the task to the state, as meshd's tool does: a task already in it is left alone, and a move the task has
     * gone past answers with the state it is in.
     */
    String updateTask(McpCaller caller, ToolArguments arguments) {
        String taskId = validTaskId(requiredTaskId(arguments));
        StatusChangeRequest request =
                valid(new StatusChangeRequest(arguments.requiredText("state"), arguments.text("reason")));
        String agent = caller.agentId();
        TaskView.Status status = work(() -> {
            TaskView.Status now = reader.status(taskId, agent).status();
            if (now.state().equals(request.state())) {
                return now;
            }
            try {
                return lifecycle.changeStatus(
                        taskId,
                        agent,
                        TaskState.fromWireName(request.state()),
                        request.reason(),
                        identity.beforeWriting(agent, () -> reader.counterpart(taskId, agent)));
            } catch (IllegalTransitionException e) {
                return reader.status(taskId, agent).status();
            }
        });
        return MeshJson.object().add("state", status.state()).build().toString();
    }

    String addArtifact(McpCaller caller, ToolArguments arguments) {
        String taskId = validTaskId(requiredTaskId(arguments));
        ArtifactRequest request = valid(
                new ArtifactRequest(null, arguments.requiredText("name"), textParts(arguments.requiredText("text"))));
        String agent = caller.agentId();
        TaskLifecycle.ArtifactView artifact = work(() -> lifecycle.addArtifact(
                taskId,
                agent,
                request.artifactId(),
                request.name(),
                request.parts(),
                identity.beforeWriting(agent, () -> reader.counterpart(taskId, agent))));
        return MeshJson.object()
                .add("artifactId", artifact.artifactId())
                .build()
                .toString();
    }

    /** The task, its newest messages (their text) and its artifacts' names. */
    String readTask(McpCaller caller, ToolArguments arguments) {
        String taskId = validTaskId(requiredTaskId(arguments));
        TaskView task = work(() -> reader.read(taskId, caller.agentId(), HISTORY));
        var history = MeshJson.array();
        task.history()
                .forEach(message -> history.add(MeshJson.object()
                        .add("from", message.from())
                        .add("seq", message.seq())
                        .add("text", EventSummaries.text(message.parts()))));
        var artifacts = MeshJson.array();
        task.artifacts().forEach(artifact -> artifacts.add(artifact.name() == null ? "" : artifact.name()));
        return MeshJson.object()
                .add("taskId", task.taskId())
                .add("requester", task.requester())
                .add("assignee", task.assignee())
                .add("state", task.status().state())
                .add("history", history)
                .add("artifacts", artifacts)
                .build()
                .toString();
    }

    // POST /messages with this body, as MessagesResource takes it.
    private String sent(McpCaller caller, String to, String taskId, String text) {
        SendMessageRequest request = valid(new SendMessageRequest(null, to, taskId, null, textParts(text)));
        String from = caller.agentId();
        SentMessage message = work(() -> sender.send(new SendCommand(
                        from,
                        MessageIds.generate(from, clock),
                        request.to(),
                        request.taskId(),
                        request.contextId(),
                        request.parts(),
                        identity.beforeWriting(from, request.to()))))
                .message();
        return MeshJson.object()
                .add("messageId", message.messageId())
                .add("taskId", message.taskId())
                .add("seq", message.seq())
                .build()
                .toString();
    }

    private <T> T work(Supplier<T> work) {
        return places.within(false, CAUSE, work);
    }

    private <T> T valid(T request) {
        Set<ConstraintViolation<T>> violations = validator.validate(request);
        if (!violations.isEmpty()) {
            throw new ConstraintViolationException(violations);
        }
        return request;
    }

    private static String requiredTaskId(ToolArguments arguments) {
        String taskId = arguments.text("taskId");
        if (taskId == null) {
            throw new InvalidRequestException("taskId", "is required here: there is no event being handled");
        }
        return taskId;
    }

    // The route's path parameter, checked as TasksResource checks it.
    private static String validTaskId(String taskId) {
        if (!taskId.matches(Ids.TASK_ID)) {
            throw new InvalidRequestException("taskId", "must be 1-64 characters of [A-Za-z0-9._:-]");
        }
        return taskId;
    }

    private static JsonArray textParts(String text) {
        JsonObject part =
                MeshJson.object().add("kind", "text").add("text", text).build();
        return MeshJson.array().add(part).build();
    }
}
