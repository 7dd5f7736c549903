package agentmesh.task.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.LocalDateTime;

/**
 * A unit of work between two agents: the requester opened it with its first message, the assignee works on it.
 * {@code lastSeq} numbers the task's messages; it is only changed while the row is locked, so seq has no gaps.
 */
@Entity
@Table(name = "task")
public class Task {

    @Id
    @Column(name = "task_id")
    private String taskId;

    @Column(name = "context_id", nullable = false)
    private String contextId;

    @Column(name = "requester", nullable = false)
    private String requester;

    @Column(name = "assignee", nullable = false)
    private String assignee;

    @Enumerated(EnumType.STRING)
    @Column(name = "state", nullable = false)
    private TaskState state;

    @Column(name = "status_reason")
    private String statusReason;

    @Column(name = "status_at", nullable = false)
    private LocalDateTime statusAt;

    @Column(name = "last_seq", nullable = false)
    private int lastSeq;

    @Column(name = "created_at", nullable = false)
    private LocalDateTime createdAt;

    @Column(name = "updated_at", nullable = false)
    private LocalDateTime updatedAt;

    protected Task() {}

    public boolean involves(String agentId) {
        return requester.equals(agentId) || assignee.equals(agentId);
    }

    /** The other agent of the task, seen from one of its two agents. */
    public String counterpartOf(String agentId) {
        return requester.equals(agentId) ? assignee : requester;
    }

    public String taskId() {
        return taskId;
    }

    public String contextId() {
        return contextId;
    }

    public String requester() {
        return requester;
    }

    public String assignee() {
        return assignee;
    }

    public TaskState state() {
        return state;
    }

    public String statusReason() {
        return statusReason;
    }

    public LocalDateTime statusAt() {
        return statusAt;
    }

    public LocalDateTime createdAt() {
        return createdAt;
    }

    public LocalDateTime updatedAt() {
        return updatedAt;
    }
}
