package agentmesh.messaging.control;

import agentmesh.messaging.entity.TaskMessage;
import agentmesh.outbox.control.Outbox;
import agentmesh.platform.DuplicateKey;
import agentmesh.platform.FaultPoint;
import agentmesh.platform.Faults;
import agentmesh.platform.InvalidRequestException;
import agentmesh.platform.UtcTime;
import agentmesh.task.control.TaskAccessDeniedException;
import agentmesh.task.control.TaskTerminalException;
import agentmesh.task.control.UnknownTaskException;
import agentmesh.task.entity.Task;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;

import java.time.Clock;
import java.time.LocalDateTime;
import java.util.Objects;
import java.util.UUID;

/**
 * Appends a message to its task in one transaction: the task (created or touched), the message with the next seq,
 * and the outbox event for the recipient. Either all three commit or none does. The sender has been checked
 * (recipient known, allowed to talk) before the transaction began.
 */
@Stateless
public class MessageAppender {

    @PersistenceContext
    EntityManager em;

    @EJB
    Outbox outbox;

    @Inject
    Faults faults;

    @Inject
    Clock clock;

    public SentMessage append(SendCommand command) {
        LocalDateTime now = UtcTime.now(clock);
        Task task = command.taskId() == null ? openTask(command, now) : lockTask(command);
        JsonArray parts = Parts.canonical(command.parts());
        TaskMessage message = new TaskMessage(command.messageId(), task, task.nextSeq(now), command.sender(),
                command.to(), command.sender().equals(task.requester()) ? "user" : "agent", parts.toString(),
                Fingerprint.of(command, parts), now);
        em.persist(message);
        try {
            em.flush();
        } catch (PersistenceException e) {
            if (DuplicateKey.violates(e, TaskMessage.MESSAGE_ID_KEY)) {
                throw new DuplicateMessageIdException(command.messageId());
            }
            throw e;
        }
        faults.trip(FaultPoint.AFTER_MESSAGE_INSERT);
        outbox.enqueue(command.to(), "message", task.taskId(), Json.createObjectBuilder()
                .add("type", "message")
                .add("eventId", message.messageId())
                .add("messageId", message.messageId())
                .add("taskId", task.taskId())
                .add("contextId", task.contextId())
                .add("from", message.sender())
                .add("to", message.recipient())
                .add("seq", message.seq())
                .add("role", message.role())
                .add("parts", parts)
                .add("createdAt", UtcTime.toInstant(now).toString())
                .build());
        return MessageSender.answer(message);
    }

    private Task openTask(SendCommand command, LocalDateTime now) {
        String contextId = Objects.requireNonNullElseGet(command.contextId(), () -> UUID.randomUUID().toString());
        Task task = new Task(UUID.randomUUID().toString(), contextId, command.sender(), command.to(), now);
        em.persist(task);
        return task;
    }

    // The row lock serialises concurrent sends into one task, so each takes the next seq and commits in seq order.
    private Task lockTask(SendCommand command) {
        Task task = em.find(Task.class, command.taskId(), LockModeType.PESSIMISTIC_WRITE);
        if (task == null) {
            throw new UnknownTaskException(command.taskId());
        }
        if (!task.involves(command.sender())) {
            throw new TaskAccessDeniedException(task.taskId(), command.sender());
        }
        if (!task.counterpartOf(command.sender()).equals(command.to())) {
            throw new InvalidRequestException("to", "task " + task.taskId() + " is between "
                    + task.requester() + " and " + task.assignee());
        }
        if (command.contextId() != null && !command.contextId().equals(task.contextId())) {
            throw new InvalidRequestException("contextId", "does not match the context of task " + task.taskId());
        }
        if (task.state().isTerminal()) {
            throw new TaskTerminalException(task.taskId(), task.state());
        }
        return task;
    }
}
