package agentmesh.task.control;

import agentmesh.platform.MeshJson;
import agentmesh.platform.PageBytes;
import agentmesh.platform.UtcDateTimeConverter;
import agentmesh.platform.UtcTime;
import agentmesh.task.entity.Task;
import agentmesh.task.entity.TaskState;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
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
    public static final int MAX_PAGE = 200;
    private static final int ARTIFACTS_IN_TASK = 100;

    // Sizes summed first, payloads read only for the rows within the page's bytes (as InboxReader's page).
    private static final String MESSAGE_COLUMNS = "m.message_id, m.seq, m.sender, m.recipient, m.role, m.parts,"
            + " m.created_at";
    private static final String NEWEST_MESSAGES = "SELECT STRAIGHT_JOIN " + MESSAGE_COLUMNS + " FROM"
            + " (SELECT seq, size, SUM(size) OVER (ORDER BY seq DESC) AS upto FROM"
            + " (SELECT seq, parts_bytes AS size FROM task_message WHERE task_id = ? AND seq < ?"
            + " ORDER BY seq DESC LIMIT ?) counted) sized"
            + " JOIN task_message m ON m.task_id = ? AND m.seq = sized.seq"
            + " WHERE " + PageBytes.WITHIN_BUDGET + " ORDER BY sized.seq DESC";
    private static final String MESSAGES_AFTER = "SELECT STRAIGHT_JOIN " + MESSAGE_COLUMNS + " FROM"
            + " (SELECT seq, size, SUM(size) OVER (ORDER BY seq) AS upto FROM"
            + " (SELECT seq, parts_bytes AS size FROM task_message WHERE task_id = ? AND seq > ?"
            + " ORDER BY seq LIMIT ?) counted) sized"
            + " JOIN task_message m ON m.task_id = ? AND m.seq = sized.seq"
            + " WHERE " + PageBytes.WITHIN_BUDGET + " ORDER BY sized.seq";
    private static final String ARTIFACTS_AFTER = "SELECT STRAIGHT_JOIN a.id, a.artifact_id, a.name, a.parts,"
            + " a.created_at FROM"
            + " (SELECT id, size, SUM(size) OVER (ORDER BY id) AS upto FROM"
            + " (SELECT id, parts_bytes AS size FROM task_artifact WHERE task_id = ? AND id > ?"
            + " ORDER BY id LIMIT ?) counted) sized"
            + " JOIN task_artifact a ON a.id = sized.id"
            + " WHERE " + PageBytes.WITHIN_BUDGET + " ORDER BY sized.id";

    @PersistenceContext
    EntityManager em;

    @Inject
    PageBytes pageBytes;

    /**
     * The task with its newest {@code historyLength} messages, oldest first, and its first artifacts; each list no
     * more than a page's bytes. {@code artifactsNextCursor} is set when more artifacts follow.
     */
    public TaskView read(String taskId, String reader, int historyLength) {
        Task task = readable(taskId, reader);
        List<MessageView> history = new ArrayList<>(selectMessages(NEWEST_MESSAGES, taskId, Long.MAX_VALUE,
                historyLength));
        Collections.reverse(history);
        ArtifactPage artifacts = artifactsAfter(taskId, 0, ARTIFACTS_IN_TASK);
        return view(task, history, artifacts.artifacts(), artifacts.nextCursor());
    }

    /** Up to {@code limit} messages of the task after the given seq, in seq order, no more than a page's bytes. */
    public MessagePage messages(String taskId, String reader, long afterSeq, int limit) {
        readable(taskId, reader);
        List<MessageView> messages = selectMessages(MESSAGES_AFTER, taskId, afterSeq, limit);
        return new MessagePage(messages, messages.isEmpty() ? afterSeq : messages.get(messages.size() - 1).seq());
    }

    /**
     * Up to {@code limit} artifacts of the task after the cursor, in the order they were added, no more than a
     * page's bytes. The next cursor is null when no artifact follows.
     */
    public ArtifactPage artifacts(String taskId, String reader, long after, int limit) {
        readable(taskId, reader);
        return artifactsAfter(taskId, after, limit);
    }

    private ArtifactPage artifactsAfter(String taskId, long after, int limit) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery(ARTIFACTS_AFTER).setParameter(1, taskId).setParameter(2, after)
                .setParameter(3, limit).setParameter(4, pageBytes.max()).getResultList();
        List<TaskLifecycle.ArtifactView> artifacts = rows.stream().map(r -> new TaskLifecycle.ArtifactView(
                (String) r[1], (String) r[2], parse((String) r[3]),
                UtcTime.toInstant(UtcDateTimeConverter.read(r[4])))).toList();
        long last = rows.isEmpty() ? after : ((Number) rows.get(rows.size() - 1)[0]).longValue();
        boolean more = !em.createNativeQuery("SELECT 1 FROM task_artifact WHERE task_id = ? AND id > ? LIMIT 1")
                .setParameter(1, taskId).setParameter(2, last).getResultList().isEmpty();
        return new ArtifactPage(artifacts, more ? last : null);
    }

    /** The other agent of a task, for one of its two agents (404 for an unknown task, 403 for a stranger). */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public String counterpart(String taskId, String caller) {
        return readable(taskId, caller).counterpartOf(caller);
    }

    /**
     * The reader's tasks (as requester or assignee), most recently updated first, optionally in one state.
     * Keyset pagination: {@code cursor} is the last task of the previous page.
     */
    public TaskPage list(String reader, TaskState state, TaskCursor cursor, int limit) {
        return listWith(reader, null, null, state, cursor, limit);
    }

    /**
     * As {@link #list}, narrowed to the tasks with one other agent and in one context when those are given (the
     * A2A facade lists the tasks of a caller with the agent it addresses).
     */
    public TaskPage listWith(String reader, String other, String contextId, TaskState state, TaskCursor cursor,
                             int limit) {
        StringBuilder jpql = new StringBuilder("SELECT t FROM Task t WHERE " + filters(other, contextId, state));
        if (cursor != null) {
            jpql.append(" AND (t.updatedAt < :updatedAt OR (t.updatedAt = :updatedAt AND t.taskId < :taskId))");
        }
        jpql.append(" ORDER BY t.updatedAt DESC, t.taskId DESC");
        TypedQuery<Task> query = em.createQuery(jpql.toString(), Task.class).setMaxResults(limit + 1);
        bind(query, reader, other, contextId, state);
        if (cursor != null) {
            query.setParameter("updatedAt", cursor.updatedAt()).setParameter("taskId", cursor.taskId());
        }
        List<Task> tasks = query.getResultList();
        boolean more = tasks.size() > limit;
        List<Task> page = more ? tasks.subList(0, limit) : tasks;
        Task last = page.isEmpty() ? null : page.get(page.size() - 1);
        return new TaskPage(page.stream().map(t -> view(t, List.of(), List.of(), null)).toList(),
                more ? new TaskCursor(last.updatedAt(), last.taskId()).encode() : null);
    }

    /** How many tasks {@link #listWith} goes through with these filters. */
    public long countWith(String reader, String other, String contextId, TaskState state) {
        TypedQuery<Long> query = em.createQuery("SELECT COUNT(t) FROM Task t WHERE "
                + filters(other, contextId, state), Long.class);
        bind(query, reader, other, contextId, state);
        return query.getSingleResult();
    }

    private static String filters(String other, String contextId, TaskState state) {
        StringBuilder where = new StringBuilder("(t.requester = :reader OR t.assignee = :reader)");
        if (other != null) {
            where.append(" AND (t.requester = :other OR t.assignee = :other)");
        }
        if (contextId != null) {
            where.append(" AND t.contextId = :contextId");
        }
        if (state != null) {
            where.append(" AND t.state = :state");
        }
        return where.toString();
    }

    private static void bind(TypedQuery<?> query, String reader, String other, String contextId, TaskState state) {
        query.setParameter("reader", reader);
        if (other != null) {
            query.setParameter("other", other);
        }
        if (contextId != null) {
            query.setParameter("contextId", contextId);
        }
        if (state != null) {
            query.setParameter("state", state);
        }
    }

    private Task readable(String taskId, String reader) {
        Task task = em.find(Task.class, taskId);
        if (task == null) {
            throw new UnknownTaskException(taskId);
        }
        if (!task.involves(reader)) {
            throw new TaskAccessDeniedException(taskId, reader);
        }
        return task;
    }

    private List<MessageView> selectMessages(String sql, String taskId, long seq, int limit) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery(sql).setParameter(1, taskId).setParameter(2, seq)
                .setParameter(3, limit).setParameter(4, taskId).setParameter(5, pageBytes.max()).getResultList();
        return rows.stream().map(r -> new MessageView((String) r[0], ((Number) r[1]).intValue(), (String) r[2],
                (String) r[3], (String) r[4], parse((String) r[5]),
                UtcTime.toInstant(UtcDateTimeConverter.read(r[6])))).toList();
    }

    private static TaskView view(Task task, List<MessageView> history, List<TaskLifecycle.ArtifactView> artifacts,
                                 Long artifactsNextCursor) {
        return new TaskView(task.taskId(), task.contextId(), task.requester(), task.assignee(),
                new TaskView.Status(task.state().wireName(), UtcTime.toInstant(task.statusAt()), task.statusReason()),
                history, artifacts, artifactsNextCursor, UtcTime.toInstant(task.createdAt()),
                UtcTime.toInstant(task.updatedAt()));
    }

    static JsonArray parse(String json) {
        return MeshJson.readArray(json);
    }
}
