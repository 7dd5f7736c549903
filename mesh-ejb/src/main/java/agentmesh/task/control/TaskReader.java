package agentmesh.task.control;

import agentmesh.json.MeshJson;
import agentmesh.paging.PageBytes;
import agentmesh.paging.TimeOrderCursor;
import agentmesh.task.entity.Task;
import agentmesh.task.entity.TaskState;
import agentmesh.time.UtcDateTimeConverter;
import agentmesh.time.UtcTime;
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
    private static final String MESSAGE_COLUMNS =
            "m.message_id, m.seq, m.sender, m.recipient, m.role, m.parts, m.created_at, m.traceparent,"
                    + " m.tracestate, sized.size";
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
            + " a.created_at, sized.size, a.chunk FROM"
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
        return withHistory(readable(taskId, reader), historyLength, true, pageBytes.max(), false)
                .view();
    }

    /** The task as it stands — its state and its agents — without its history or artifacts: one row read. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public TaskView status(String taskId, String reader) {
        return view(readable(taskId, reader), List.of(), List.of(), null, 0);
    }

    /** As {@link #status}, for the admin, who reads every task. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public TaskView statusForAdmin(String taskId) {
        return view(found(taskId), List.of(), List.of(), null, 0);
    }

    /** A task read with its history and artifacts, and the bytes of stored content they hold. */
    private record Read(TaskView view, long bytes) {}

    // The history and the artifacts within maxBytes each, or within maxBytes together (a listing's share).
    private Read withHistory(Task task, int historyLength, boolean withArtifacts, long maxBytes, boolean shared) {
        Sized<MessageView> newest = historyLength == 0
                ? new Sized<>(List.of(), 0, 0)
                : selectMessages(NEWEST_MESSAGES, task.taskId(), Long.MAX_VALUE, historyLength, maxBytes);
        List<MessageView> history = new ArrayList<>(newest.items());
        Collections.reverse(history);
        if (!withArtifacts) {
            return new Read(view(task, history, List.of(), null, 0), newest.bytes());
        }
        Sized<TaskLifecycle.ArtifactView> artifacts =
                selectArtifacts(task.taskId(), 0, ARTIFACTS_IN_TASK, shared ? maxBytes - newest.bytes() : maxBytes);
        ArtifactPage first = page(task.taskId(), artifacts);
        return new Read(
                view(task, history, first.artifacts(), first.nextCursor(), first.endCursor()),
                newest.bytes() + artifacts.bytes());
    }

    /** Up to {@code limit} messages of the task after the given seq, in seq order, no more than a page's bytes. */
    public MessagePage messages(String taskId, String reader, long afterSeq, int limit) {
        readable(taskId, reader);
        return messagesAfter(taskId, afterSeq, limit);
    }

    /** As {@link #messages}, for the admin, who reads every task. */
    public MessagePage messagesForAdmin(String taskId, long afterSeq, int limit) {
        found(taskId);
        return messagesAfter(taskId, afterSeq, limit);
    }

    private MessagePage messagesAfter(String taskId, long afterSeq, int limit) {
        List<MessageView> messages = selectMessages(MESSAGES_AFTER, taskId, afterSeq, limit, pageBytes.max())
                .items();
        return new MessagePage(
                messages,
                messages.isEmpty()
                        ? afterSeq
                        : messages.get(messages.size() - 1).seq());
    }

    /**
     * The task's artifacts after the cursor, in the order they were added, from up to {@code limit} rows (an
     * append is a row of its own, joined to its artifact when that is on the page: {@link ArtifactRows}), no more
     * than a page's bytes, with the cursor after its last.
     */
    public ArtifactPage artifacts(String taskId, String reader, long after, int limit) {
        readable(taskId, reader);
        return artifactsAfter(taskId, after, limit);
    }

    /** As {@link #artifacts}, for the admin, who reads every task. */
    public ArtifactPage artifactsForAdmin(String taskId, long after, int limit) {
        found(taskId);
        return artifactsAfter(taskId, after, limit);
    }

    private ArtifactPage artifactsAfter(String taskId, long after, int limit) {
        return page(taskId, selectArtifacts(taskId, after, limit, pageBytes.max()));
    }

    /** Items read within a byte budget, the bytes of stored content they hold, and the key of the last one. */
    private record Sized<T>(List<T> items, long bytes, long lastKey) {}

    private Sized<TaskLifecycle.ArtifactView> selectArtifacts(String taskId, long after, int limit, long maxBytes) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery(ARTIFACTS_AFTER)
                .setParameter(1, taskId)
                .setParameter(2, after)
                .setParameter(3, limit)
                .setParameter(4, maxBytes)
                .getResultList();
        List<TaskLifecycle.ArtifactView> artifacts = ArtifactRows.together(rows.stream()
                .map(r -> new ArtifactRows.Chunk(
                        (String) r[1],
                        ((Number) r[6]).intValue(),
                        (String) r[2],
                        parse((String) r[3]),
                        UtcTime.toInstant(UtcDateTimeConverter.read(r[4]))))
                .toList());
        long last = rows.isEmpty() ? after : ((Number) rows.get(rows.size() - 1)[0]).longValue();
        return new Sized<>(artifacts, bytes(rows, 5), last);
    }

    // The artifacts read, the cursor after them, and whether any follows.
    private ArtifactPage page(String taskId, Sized<TaskLifecycle.ArtifactView> read) {
        boolean more = !em.createNativeQuery("SELECT 1 FROM task_artifact WHERE task_id = ? AND id > ? LIMIT 1")
                .setParameter(1, taskId)
                .setParameter(2, read.lastKey())
                .getResultList()
                .isEmpty();
        return ArtifactPage.of(read.items(), read.lastKey(), more);
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
    public TaskPage list(String reader, TaskState state, TimeOrderCursor cursor, int limit) {
        return listWith(reader, TaskFilter.inState(state), cursor, limit);
    }

    /**
     * As {@link #list}, narrowed by the filter (the A2A facade lists the tasks of a caller with the agent it
     * addresses, in a context, a state, changed since a time).
     */
    public TaskPage listWith(String reader, TaskFilter filter, TimeOrderCursor cursor, int limit) {
        return page(listed(reader, filter, cursor, limit), limit);
    }

    /**
     * For the admin: every task in one state, most recently updated first, on the (state, updated_at) index. The
     * state is required: without it the listing would sort every task.
     */
    public TaskPage listInState(TaskState state, TimeOrderCursor cursor, int limit) {
        return page(listed(null, TaskFilter.inState(state), cursor, limit), limit);
    }

    private TaskPage page(List<Task> tasks, int limit) {
        List<Task> page = tasks.size() > limit ? tasks.subList(0, limit) : tasks;
        return new TaskPage(
                page.stream().map(t -> view(t, List.of(), List.of(), null, 0)).toList(),
                tasks.size() > limit ? cursorAfter(page) : null);
    }

    /**
     * As {@link #listWith}, each task with its newest {@code historyLength} messages and, when asked, its first
     * artifacts — all of them within one page's bytes: the page ends early, after the task that used them up (at
     * least one task), and its cursor goes on from there. So a listing of a hundred tasks with long histories is a
     * few megabytes, not a hundred times a task's.
     */
    public TaskPage listWithHistories(
            String reader,
            TaskFilter filter,
            TimeOrderCursor cursor,
            int limit,
            int historyLength,
            boolean withArtifacts) {
        List<Task> tasks = listed(reader, filter, cursor, limit);
        long budget = pageBytes.max();
        List<TaskView> page = new ArrayList<>();
        for (Task task : tasks.subList(0, Math.min(limit, tasks.size()))) {
            Read read = withHistory(task, historyLength, withArtifacts, budget, true);
            page.add(read.view());
            budget -= read.bytes();
            if (budget <= 0) {
                break;
            }
        }
        boolean more = tasks.size() > page.size();
        return new TaskPage(page, more ? cursorAfter(tasks.subList(0, page.size())) : null);
    }

    // Up to limit + 1 tasks, most recently updated first: the one past the limit says whether a next page exists.
    private List<Task> listed(String reader, TaskFilter filter, TimeOrderCursor cursor, int limit) {
        StringBuilder jpql = new StringBuilder("SELECT t FROM Task t WHERE " + where(reader, filter));
        if (cursor != null) {
            jpql.append(" AND (t.updatedAt < :updatedAt OR (t.updatedAt = :updatedAt AND t.taskId < :taskId))");
        }
        jpql.append(" ORDER BY t.updatedAt DESC, t.taskId DESC");
        TypedQuery<Task> query = em.createQuery(jpql.toString(), Task.class).setMaxResults(limit + 1);
        bind(query, reader, filter);
        if (cursor != null) {
            query.setParameter("updatedAt", cursor.time()).setParameter("taskId", cursor.id());
        }
        return query.getResultList();
    }

    private static String cursorAfter(List<Task> page) {
        Task last = page.get(page.size() - 1);
        return new TimeOrderCursor(last.updatedAt(), last.taskId()).encode();
    }

    /** How many tasks {@link #listWith} goes through with this filter. */
    public long countWith(String reader, TaskFilter filter) {
        TypedQuery<Long> query =
                em.createQuery("SELECT COUNT(t) FROM Task t WHERE " + where(reader, filter), Long.class);
        bind(query, reader, filter);
        return query.getSingleResult();
    }

    private static String where(String reader, TaskFilter filter) {
        List<String> conditions = new ArrayList<>();
        // No reader: the admin's listing of every task (listInState).
        if (reader != null) {
            conditions.add("(t.requester = :reader OR t.assignee = :reader)");
        }
        if (filter.other() != null) {
            conditions.add("(t.requester = :other OR t.assignee = :other)");
        }
        if (filter.contextId() != null) {
            conditions.add("t.contextId = :contextId");
        }
        if (filter.state() != null) {
            conditions.add("t.state = :state");
        }
        if (filter.statusFrom() != null) {
            // A status change is activity too (statusAt <= updatedAt): the bound on updatedAt is implied, and it is
            // what the (requester|assignee, updated_at) indexes can range over.
            conditions.add("t.statusAt >= :statusFrom AND t.updatedAt >= :statusFrom");
        }
        return String.join(" AND ", conditions);
    }

    private static void bind(TypedQuery<?> query, String reader, TaskFilter filter) {
        if (reader != null) {
            query.setParameter("reader", reader);
        }
        if (filter.other() != null) {
            query.setParameter("other", filter.other());
        }
        if (filter.contextId() != null) {
            query.setParameter("contextId", filter.contextId());
        }
        if (filter.state() != null) {
            query.setParameter("state", filter.state());
        }
        if (filter.statusFrom() != null) {
            query.setParameter("statusFrom", filter.statusFrom());
        }
    }

    private Task readable(String taskId, String reader) {
        Task task = found(taskId);
        if (!task.involves(reader)) {
            throw new TaskAccessDeniedException(taskId, reader);
        }
        return task;
    }

    private Task found(String taskId) {
        Task task = em.find(Task.class, taskId);
        if (task == null) {
            throw new UnknownTaskException(taskId);
        }
        return task;
    }

    private Sized<MessageView> selectMessages(String sql, String taskId, long seq, int limit, long maxBytes) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery(sql)
                .setParameter(1, taskId)
                .setParameter(2, seq)
                .setParameter(3, limit)
                .setParameter(4, taskId)
                .setParameter(5, maxBytes)
                .getResultList();
        List<MessageView> messages = rows.stream()
                .map(r -> new MessageView(
                        (String) r[0],
                        ((Number) r[1]).intValue(),
                        (String) r[2],
                        (String) r[3],
                        (String) r[4],
                        parse((String) r[5]),
                        UtcTime.toInstant(UtcDateTimeConverter.read(r[6])),
                        (String) r[7],
                        (String) r[8]))
                .toList();
        return new Sized<>(messages, bytes(rows, 9), 0);
    }

    private static long bytes(List<Object[]> rows, int sizeColumn) {
        return rows.stream()
                .mapToLong(r -> ((Number) r[sizeColumn]).longValue())
                .sum();
    }

    private static TaskView view(
            Task task,
            List<MessageView> history,
            List<TaskLifecycle.ArtifactView> artifacts,
            Long artifactsNextCursor,
            long artifactsEndCursor) {
        return new TaskView(
                task.taskId(),
                task.contextId(),
                task.requester(),
                task.assignee(),
                new TaskView.Status(task.state().wireName(), UtcTime.toInstant(task.statusAt()), task.statusReason()),
                history,
                artifacts,
                artifactsNextCursor,
                artifactsEndCursor,
                UtcTime.toInstant(task.createdAt()),
                UtcTime.toInstant(task.updatedAt()));
    }

    static JsonArray parse(String json) {
        return MeshJson.readArray(json);
    }
}
