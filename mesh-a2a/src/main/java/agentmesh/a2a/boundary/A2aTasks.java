package agentmesh.a2a.boundary;

import agentmesh.identity.control.IdentityCheck;
import agentmesh.messaging.control.MessageIds;
import agentmesh.messaging.control.MessageSender;
import agentmesh.messaging.control.SendCommand;
import agentmesh.paging.TimeOrderCursor;
import agentmesh.parts.control.Parts;
import agentmesh.problem.MeshException;
import agentmesh.task.control.IllegalTransitionException;
import agentmesh.task.control.TaskAccessDeniedException;
import agentmesh.task.control.TaskFilter;
import agentmesh.task.control.TaskLifecycle;
import agentmesh.task.control.TaskPage;
import agentmesh.task.control.TaskReader;
import agentmesh.task.control.TaskTerminalException;
import agentmesh.task.control.TaskView;
import agentmesh.task.control.UnknownTaskException;
import agentmesh.task.entity.TaskState;
import agentmesh.web.Ids;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The A2A operations on the mesh, for a caller (the agent of the bearer token) and the agent of the path: a send is
 * the caller's {@code POST /messages} to that agent, with the same identity and contact check and the same
 * idempotency (the A2A {@code messageId} is the caller's mesh message id); a task is one of the two agents' tasks
 * with each other, and any other task is not found.
 */
@ApplicationScoped
class A2aTasks {

    @Inject
    MessageSender sender;

    @Inject
    IdentityCheck identity;

    @EJB
    TaskReader reader;

    @EJB
    TaskLifecycle lifecycle;

    @Inject
    Clock clock;

    /** Sends the message of a SendMessage request; returns its task's id. */
    String send(String caller, String agent, JsonObject params, A2aVersion version) {
        if (!(params.get("message") instanceof JsonObject message)) {
            throw A2aError.invalidParams("message", "is required");
        }
        String messageId = optionalId(message, "messageId", Ids.MESSAGE_ID, "1-200 characters of [A-Za-z0-9._@:-]");
        if (messageId == null) {
            messageId = MessageIds.generate(caller, clock);
        }
        String taskId = optionalId(message, "taskId", Ids.TASK_ID, "1-64 characters of [A-Za-z0-9._:-]");
        String contextId = optionalId(message, "contextId", Ids.CONTEXT_ID, "1-64 characters of [A-Za-z0-9._:-]");
        JsonArray parts = version.mapping().meshParts(message.get("parts"), "message.parts");
        Map<String, String> problems = Parts.problems(parts);
        if (!problems.isEmpty()) {
            throw A2aError.invalidParams(problems);
        }
        if (taskId != null) {
            requireBetween(taskId, caller, agent);
        }
        String task = taskId;
        String id = messageId;
        return refusals(
                taskId,
                () -> sender.send(new SendCommand(
                                caller, id, agent, task, contextId, parts, identity.beforeWriting(caller, agent)))
                        .message()
                        .taskId());
    }

    TaskView get(String caller, String agent, String taskId, int historyLength) {
        requireBetween(taskId, caller, agent);
        return refusals(taskId, () -> reader.read(taskId, caller, historyLength));
    }

    /** Cancels as {@code POST /tasks/{id}/cancel} does; the lifecycle's refusal of a finished task is A2A's own. */
    TaskView cancel(String caller, String agent, String taskId) {
        requireBetween(taskId, caller, agent);
        try {
            lifecycle.cancel(taskId, caller, null);
        } catch (IllegalTransitionException e) {
            throw A2aError.taskNotCancelable(
                    taskId, reader.read(taskId, caller, 0).status().state());
        } catch (MeshException e) {
            throw A2aError.of(e);
        }
        return reader.read(taskId, caller, TaskReader.MAX_HISTORY);
    }

    /**
     * A page of the caller's tasks with the agent, most recently updated first; with their newest
     * {@code historyLength} messages and their artifacts when asked, then within one page's bytes (the page may end
     * early).
     */
    TaskPage list(String caller, String agent, ListTasksQuery query) {
        TaskFilter filter = filter(agent, query);
        TimeOrderCursor cursor = cursor(query.pageToken());
        return refusals(
                null,
                () -> query.historyLength() == 0 && !query.includeArtifacts()
                        ? reader.listWith(caller, filter, cursor, query.pageSize())
                        : reader.listWithHistories(
                                caller,
                                filter,
                                cursor,
                                query.pageSize(),
                                query.historyLength(),
                                query.includeArtifacts()));
    }

    /** The number of the caller's tasks with the agent that a listing with these filters goes through. */
    long count(String caller, String agent, ListTasksQuery query) {
        return reader.countWith(caller, filter(agent, query));
    }

    private static TaskFilter filter(String agent, ListTasksQuery query) {
        return new TaskFilter(
                agent,
                query.contextId(),
                query.state() == null ? null : TaskState.fromWireName(query.state()),
                query.statusFrom() == null ? null : LocalDateTime.ofInstant(query.statusFrom(), ZoneOffset.UTC));
    }

    private static TimeOrderCursor cursor(String pageToken) {
        try {
            return pageToken == null ? null : TimeOrderCursor.decode(pageToken);
        } catch (MeshException e) {
            throw A2aError.invalidParams("pageToken", "is not a token this agent handed out");
        }
    }

    // A task of the caller with another agent is, at this agent's address, a task that does not exist.
    private void requireBetween(String taskId, String caller, String agent) {
        String counterpart = refusals(taskId, () -> reader.counterpart(taskId, caller));
        if (!counterpart.equals(agent)) {
            throw A2aError.taskNotFound(taskId);
        }
    }

    private static <T> T refusals(String taskId, Supplier<T> operation) {
        try {
            return operation.get();
        } catch (UnknownTaskException | TaskAccessDeniedException e) {
            throw A2aError.taskNotFound(taskId);
        } catch (TaskTerminalException e) {
            throw A2aError.unsupported("task " + taskId + " is in a terminal state and takes no more messages");
        } catch (MeshException e) {
            throw A2aError.of(e);
        }
    }

    // Empty is unset: ProtoJSON writes a proto3 string at its default as "" (1.0's SDK writes every field, a new
    // task's "taskId": "" among them), and reads "" as unset, as A2aParams#text does.
    static String optionalId(JsonObject message, String field, String pattern, String rule) {
        JsonValue value = message.get(field);
        if (value == null
                || value == JsonValue.NULL
                || value instanceof JsonString text && text.getString().isEmpty()) {
            return null;
        }
        if (!(value instanceof JsonString text) || !text.getString().matches(pattern)) {
            throw A2aError.invalidParams("message." + field, "must be " + rule);
        }
        return text.getString();
    }
}
