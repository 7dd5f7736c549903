package agentmesh.task.control;

import agentmesh.task.entity.Task;
import agentmesh.task.entity.TaskState;
import agentmesh.time.UtcDateTimeConverter;
import agentmesh.time.UtcTime;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;

/**
 * Fails tasks that have been idle too long: {@code submitted} or {@code working} with no activity for the limit.
 * One batch per transaction; claimed with {@code FOR UPDATE SKIP LOCKED}, one state at a time in the order of the
 * {@code (state, updated_at)} index, so several instances scanning at once split the work and fail each task once.
 */
@Stateless
public class IdleTaskScan {

    static final String REASON = "idle-timeout";
    private static final int BATCH = 100;

    // Only tasks still idle under the lock: a send may have touched one since it was selected.
    private static final String CLAIM = """
            SELECT * FROM task WHERE state = ? AND updated_at < ?
            ORDER BY updated_at LIMIT ? FOR UPDATE SKIP LOCKED""";

    @PersistenceContext
    EntityManager em;

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
            @SuppressWarnings("unchecked")
            List<Task> idle = em.createNativeQuery(CLAIM, Task.class)
                    .setParameter(1, state.name())
                    .setParameter(2, cutoff)
                    .setParameter(3, BATCH - failed)
                    .getResultList();
            for (Task task : idle) {
                task.changeState(TaskState.FAILED, REASON, now);
                events.statusChanged(task, TaskEvents.MESH, task.requester(), now);
                events.statusChanged(task, TaskEvents.MESH, task.assignee(), now);
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
