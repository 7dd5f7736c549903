package agentmesh.task.control;

import agentmesh.messaging.entity.TaskMessage;
import agentmesh.platform.UtcTime;
import agentmesh.task.entity.Task;
import jakarta.ejb.Stateless;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;

/** Reads tasks for one of their two agents. */
@Stateless
public class TaskReader {

    public static final int MAX_HISTORY = 1000;

    @PersistenceContext
    EntityManager em;

    /** The task with its newest {@code historyLength} messages, oldest first. */
    public TaskView read(String taskId, String reader, int historyLength) {
        Task task = em.find(Task.class, taskId);
        if (task == null) {
            throw new UnknownTaskException(taskId);
        }
        if (!task.involves(reader)) {
            throw new TaskAccessDeniedException(taskId, reader);
        }
        List<MessageView> history = new ArrayList<>(em.createNamedQuery(TaskMessage.NEWEST_OF_TASK, TaskMessage.class)
                .setParameter("taskId", taskId)
                .setMaxResults(historyLength)
                .getResultStream()
                .map(TaskReader::view)
                .toList());
        java.util.Collections.reverse(history);
        return new TaskView(task.taskId(), task.contextId(), task.requester(), task.assignee(),
                new TaskView.Status(task.state().wireName(), UtcTime.toInstant(task.statusAt()), task.statusReason()),
                history, List.of(), UtcTime.toInstant(task.createdAt()), UtcTime.toInstant(task.updatedAt()));
    }

    private static MessageView view(TaskMessage message) {
        return new MessageView(message.messageId(), message.seq(), message.sender(), message.recipient(),
                message.role(), parse(message.parts()), UtcTime.toInstant(message.createdAt()));
    }

    static JsonArray parse(String json) {
        try (var reader = Json.createReader(new StringReader(json))) {
            return reader.readArray();
        }
    }
}
