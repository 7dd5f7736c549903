package agentmesh.task.control;

import agentmesh.jdbc.Jdbc;
import agentmesh.task.entity.TaskState;
import agentmesh.time.UtcDateTimeConverter;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.List;
import javax.sql.DataSource;

/**
 * A task's row as its writers see it under the row's lock: what a state change checks and what its event says. The
 * writers of a task's state take and change it by statements ({@link TaskLifecycle}, {@link IdleTaskScan}), as the
 * send does ({@code MessageAppender}); the {@code Task} entity only reads.
 */
public record TaskRow(
        String taskId,
        String contextId,
        String requester,
        String assignee,
        TaskState state,
        String statusReason,
        LocalDateTime statusAt) {

    /** The columns {@link #read} takes, in its order: {@code SELECT} these {@code FROM task …}. */
    static final String COLUMNS = "task_id, context_id, requester, assignee, state, status_reason, status_at";

    private static final String MOVE =
            "UPDATE task SET state = ?, status_reason = ?, status_at = ?, updated_at = ?" + " WHERE task_id IN (";

    static TaskRow read(ResultSet row) throws SQLException {
        return new TaskRow(
                row.getString(1),
                row.getString(2),
                row.getString(3),
                row.getString(4),
                TaskState.valueOf(row.getString(5)),
                row.getString(6),
                UtcDateTimeConverter.read(row.getObject(7)));
    }

    boolean involves(String agentId) {
        return requester.equals(agentId) || assignee.equals(agentId);
    }

    /** The other agent of the task, seen from one of its two agents. */
    String counterpartOf(String agentId) {
        return requester.equals(agentId) ? assignee : requester;
    }

    /** The row after {@link #moveTo}. */
    TaskRow movedTo(TaskState target, String reason, LocalDateTime now) {
        return new TaskRow(taskId, contextId, requester, assignee, target, reason, now);
    }

    /**
     * Moves the locked tasks to the target state (the caller has checked {@link TaskState#mayMoveTo}); this is
     * activity too.
     */
    static void moveTo(
            DataSource dataSource, List<String> taskIds, TaskState target, String reason, LocalDateTime now) {
        Object[] parameters = new Object[4 + taskIds.size()];
        String time = UtcDateTimeConverter.format(now);
        parameters[0] = target.name();
        parameters[1] = reason;
        parameters[2] = time;
        parameters[3] = time;
        for (int i = 0; i < taskIds.size(); i++) {
            parameters[4 + i] = taskIds.get(i);
        }
        Jdbc.update(dataSource, MOVE + Jdbc.placeholders(taskIds.size()) + ")", parameters);
    }
}
