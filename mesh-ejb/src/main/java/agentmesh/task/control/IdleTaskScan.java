package agentmesh.task.control;

import agentmesh.datasource.MeshDataSource;
import agentmesh.jdbc.Jdbc;
import agentmesh.task.entity.TaskState;
import agentmesh.time.UtcDateTimeConverter;
import agentmesh.time.UtcTime;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import javax.sql.DataSource;

/**
 * Fails tasks that have been idle too long: {@code submitted} or {@code working} with no activity for the limit.
 * One batch per transaction; claimed with {@code FOR UPDATE SKIP LOCKED}, one state at a time in the order of the
 * {@code (state, updated_at)} index, so several instances scanning at once split the work and fail each task once.
 * Plain statements, as every write of a task's row ({@link TaskRow}).
 */
@Stateless
public class IdleTaskScan {

    static final String REASON = "idle-timeout";
    private static final int BATCH = 100;

    // Only tasks still idle under the lock: a send may have touched one since it was selected.
    private static final String CLAIM = "SELECT " + TaskRow.COLUMNS
            + " FROM task WHERE state = ? AND updated_at < ? ORDER BY updated_at LIMIT ? FOR UPDATE SKIP LOCKED";

    @Resource(lookup = MeshDataSource.IN_USE)
    DataSource dataSource;

    @Inject
    TaskEvents events;

    @Inject
    TaskMetrics metrics;

    @Inject
    Clock clock;

    /** @return how many tasks this batch failed; call again while it returns a full batch */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public int failIdle(Duration limit) {
        LocalDateTime now = UtcTime.now(clock);
        String cutoff = UtcDateTimeConverter.format(now.minus(limit));
        int failed = 0;
        for (TaskState state : List.of(TaskState.SUBMITTED, TaskState.WORKING)) {
            List<TaskRow> idle = Jdbc.query(dataSource, CLAIM, TaskRow::read, state.name(), cutoff, BATCH - failed);
            if (idle.isEmpty()) {
                continue;
            }
            TaskRow.moveTo(dataSource, idle.stream().map(TaskRow::taskId).toList(), TaskState.FAILED, REASON, now);
            for (TaskRow task : idle) {
                TaskRow moved = task.movedTo(TaskState.FAILED, REASON, now);
                events.statusChanged(moved, TaskEvents.MESH, task.requester(), now);
                events.statusChanged(moved, TaskEvents.MESH, task.assignee(), now);
                metrics.timedOut();
            }
            failed += idle.size();
            if (failed >= BATCH) {
                break;
            }
        }
        return failed;
    }

    public static int batchSize() {
        return BATCH;
    }
}
