package agentmesh.messaging.control;

import agentmesh.messaging.entity.TaskMessage;
import agentmesh.platform.UtcTime;
import agentmesh.task.control.TaskTerminalException;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import java.util.Optional;

/**
 * Sends a message and makes sends idempotent by message id. The append runs in its own transaction
 * ({@link MessageAppender}); when its insert hits the unique message id, that transaction is already rolled back, and
 * this bean looks at the stored original: same content → the original answer, different → 409. There is no
 * select-before-insert, so two concurrent sends with one id store exactly one message. Whether the sender may
 * send to the recipient at all is the gateway's check, made before this is called (see {@code agentmesh.identity}).
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class MessageSender {

    @EJB
    MessageAppender appender;

    @PersistenceContext
    EntityManager em;

    public SendResult send(SendCommand command) {
        try {
            return new SendResult(appender.append(command), false);
        } catch (DuplicateMessageIdException e) {
            return new SendResult(original(command).orElseThrow(
                    () -> new MessageIdConflictException(command.messageId())), true);
        } catch (TaskTerminalException e) {
            // A retry of a send that got through before the task ended is still answered with the original.
            return new SendResult(original(command).orElseThrow(() -> e), true);
        }
    }

    private Optional<SentMessage> original(SendCommand command) {
        return em.createNamedQuery(TaskMessage.BY_MESSAGE_ID, TaskMessage.class)
                .setParameter("messageId", command.messageId())
                .getResultStream()
                .findFirst()
                .map(stored -> {
                    String fingerprint = Fingerprint.of(command, Parts.canonical(command.parts()));
                    if (!stored.fingerprint().equals(fingerprint)) {
                        throw new MessageIdConflictException(command.messageId());
                    }
                    return answer(stored);
                });
    }

    static SentMessage answer(TaskMessage message) {
        return new SentMessage(message.messageId(), message.task().taskId(), message.task().contextId(),
                message.seq(), UtcTime.toInstant(message.createdAt()));
    }
}
