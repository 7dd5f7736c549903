package agentmesh.task.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.LocalDateTime;

/** One message of a task's history, at position {@code seq}. {@code messageId} is unique per sender. */
@Entity
@Table(name = "task_message")
@NamedQuery(
        name = TaskMessage.BY_SENDER_AND_MESSAGE_ID,
        // The task comes with the message: the answer to a retry names it, outside any transaction.
        query = "SELECT m FROM TaskMessage m JOIN FETCH m.task WHERE m.sender = :sender AND m.messageId = :messageId")
public class TaskMessage {

    public static final String BY_SENDER_AND_MESSAGE_ID = "TaskMessage.bySenderAndMessageId";

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @Column(name = "message_id", nullable = false)
    private String messageId;

    // Mapped as a relationship so that a new task is inserted before its first message.
    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "task_id")
    private Task task;

    @Column(name = "seq", nullable = false)
    private int seq;

    @Column(name = "sender", nullable = false)
    private String sender;

    @Column(name = "recipient", nullable = false)
    private String recipient;

    @Column(name = "role", nullable = false)
    private String role;

    @Column(name = "parts", nullable = false)
    private String parts;

    @Column(name = "fingerprint", nullable = false)
    private String fingerprint;

    @Column(name = "created_at", nullable = false)
    private LocalDateTime createdAt;

    protected TaskMessage() {}

    public String messageId() {
        return messageId;
    }

    public Task task() {
        return task;
    }

    public int seq() {
        return seq;
    }

    public String sender() {
        return sender;
    }

    public String recipient() {
        return recipient;
    }

    public String role() {
        return role;
    }

    /** The parts as canonical JSON text. */
    public String parts() {
        return parts;
    }

    public String fingerprint() {
        return fingerprint;
    }

    public LocalDateTime createdAt() {
        return createdAt;
    }
}
