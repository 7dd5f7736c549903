package agentmesh.outbox.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.LocalDateTime;

/** An event committed with the change that caused it, waiting to be published to Kafka under {@code eventKey}. */
@Entity
@Table(name = "outbox_event")
public class OutboxEvent {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @Column(name = "event_key", nullable = false)
    private String eventKey;

    @Column(name = "event_type", nullable = false)
    private String eventType;

    @Column(name = "task_id")
    private String taskId;

    @Column(name = "payload", nullable = false)
    private String payload;

    @Enumerated(EnumType.STRING)
    @Column(name = "status", nullable = false)
    private OutboxStatus status;

    @Column(name = "attempts", nullable = false)
    private int attempts;

    @Column(name = "next_attempt_at", nullable = false)
    private LocalDateTime nextAttemptAt;

    @Column(name = "last_error")
    private String lastError;

    @Column(name = "created_at", nullable = false)
    private LocalDateTime createdAt;

    @Column(name = "sent_at")
    private LocalDateTime sentAt;

    protected OutboxEvent() {
    }

    public OutboxEvent(String eventKey, String eventType, String taskId, String payload, LocalDateTime now) {
        this.eventKey = eventKey;
        this.eventType = eventType;
        this.taskId = taskId;
        this.payload = payload;
        this.status = OutboxStatus.PENDING;
        this.nextAttemptAt = now;
        this.createdAt = now;
    }

    /** Kafka acknowledged the event. */
    public void markSent(LocalDateTime now) {
        status = OutboxStatus.SENT;
        sentAt = now;
        lastError = null;
    }

    /**
     * A publish attempt failed: count it, and either schedule the next attempt or, after the last one, give up (the
     * event becomes dead and stops holding back later events of its key).
     *
     * @return whether the event is now dead
     */
    public boolean recordFailure(String error, RetryPolicy policy, LocalDateTime now) {
        attempts++;
        lastError = cut(error);
        if (policy.isDead(attempts)) {
            status = OutboxStatus.FAILED;
            return true;
        }
        nextAttemptAt = policy.nextAttemptAt(attempts, now);
        return false;
    }

    /**
     * Kafka could not be reached or did not answer in time. That is no fault of the event: it does not count towards
     * giving up, and the next try comes after the base delay, without growing, so that the event goes out soon
     * after the broker is back, however long the outage lasted.
     */
    public void recordUnavailable(String error, RetryPolicy policy, LocalDateTime now) {
        lastError = cut(error);
        nextAttemptAt = now.plus(policy.base());
    }

    private static String cut(String error) {
        return error == null ? null : error.substring(0, Math.min(error.length(), 1000));
    }

    /** An admin puts a dead event back: it is tried again at once, with a fresh count of attempts. */
    public void retryNow(LocalDateTime now) {
        status = OutboxStatus.PENDING;
        attempts = 0;
        nextAttemptAt = now;
    }

    public int attempts() {
        return attempts;
    }

    public String taskId() {
        return taskId;
    }

    public LocalDateTime nextAttemptAt() {
        return nextAttemptAt;
    }

    public String lastError() {
        return lastError;
    }

    public LocalDateTime createdAt() {
        return createdAt;
    }

    public LocalDateTime sentAt() {
        return sentAt;
    }

    public Long id() {
        return id;
    }

    public String eventKey() {
        return eventKey;
    }

    public String eventType() {
        return eventType;
    }

    public String payload() {
        return payload;
    }

    public OutboxStatus status() {
        return status;
    }
}
