package agentmesh.task.control;

import agentmesh.messaging.entity.TaskMessage;
import agentmesh.platform.MeshJson;
import agentmesh.platform.UtcDateTimeConverter;
import agentmesh.platform.UtcTime;
import agentmesh.task.entity.Task;
import agentmesh.task.entity.TaskState;
import jakarta.ejb.Stateless;
import jakarta.json.JsonArray;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.TypedQuery;

import java.util.ArrayList;
import java.util.Collections;
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
        Collections.reverse(history);
        return view(task, history, artifacts(taskId));
    }

    /**
     * The reader's tasks (as requester or assignee), most recently updated first, optionally in one state.
     * Keyset pagination: {@code cursor} is the last task of the previous page.
     */
    public TaskPage list(String reader, TaskState state, TaskCursor cursor, int limit) {
        StringBuilder jpql = new StringBuilder(
                "SELECT t FROM Task t WHERE (t.requester = :reader OR t.assignee = :reader)");
        if (state != null) {
            jpql.append(" AND t.state = :state");
        }
        if (cursor != null) {
            jpql.append(" AND (t.updatedAt < :updatedAt OR (t.updatedAt = :updatedAt AND t.taskId < :taskId))");
        }
        jpql.append(" ORDER BY t.updatedAt DESC, t.taskId DESC");
        TypedQuery<Task> query = em.createQuery(jpql.toString(), Task.class).setParameter("reader", reader)
                .setMaxResults(limit + 1);
        if (state != null) {
            query.setParameter("state", state);
        }
        if (cursor != null) {
            query.setParameter("updatedAt", cursor.updatedAt()).setParameter("taskId", cursor.taskId());
        }
        List<Task> tasks = query.getResultList();
        boolean more = tasks.size() > limit;
        List<Task> page = more ? tasks.subList(0, limit) : tasks;
        Task last = page.isEmpty() ? null : page.get(page.size() - 1);
        return new TaskPage(page.stream().map(t -> view(t, List.of(), List.of())).toList(),
                more ? new TaskCursor(last.updatedAt(), last.taskId()).encode() : null);
    }

    private List<TaskLifecycle.ArtifactView> artifacts(String taskId) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT artifact_id, name, parts, created_at FROM task_artifact"
                + " WHERE task_id = ? ORDER BY id").setParameter(1, taskId).getResultList();
        return rows.stream().map(r -> new TaskLifecycle.ArtifactView((String) r[0], (String) r[1],
                parse((String) r[2]), UtcTime.toInstant(UtcDateTimeConverter.read(r[3])))).toList();
    }

    private static TaskView view(Task task, List<MessageView> history, List<TaskLifecycle.ArtifactView> artifacts) {
        return new TaskView(task.taskId(), task.contextId(), task.requester(), task.assignee(),
                new TaskView.Status(task.state().wireName(), UtcTime.toInstant(task.statusAt()), task.statusReason()),
                history, artifacts, UtcTime.toInstant(task.createdAt()), UtcTime.toInstant(task.updatedAt()));
    }

    private static MessageView view(TaskMessage message) {
        return new MessageView(message.messageId(), message.seq(), message.sender(), message.recipient(),
                message.role(), parse(message.parts()), UtcTime.toInstant(message.createdAt()));
    }

    static JsonArray parse(String json) {
        return MeshJson.readArray(json);
    }
}
