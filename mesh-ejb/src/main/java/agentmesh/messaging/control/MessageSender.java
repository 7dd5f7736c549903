package agentmesh.messaging.control;

import agentmesh.task.control.TaskTerminalException;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Sends a message and makes sends idempotent by message id, which belongs to its sender: unique per
 * {@code (sender, messageId)}. The append runs in its own transaction
 * ({@link MessageAppender}); when its insert hits the unique message id, that transaction is already rolled back, and
 * this bean looks at the stored original: same content → the original answer, different → 409. There is no
 * select-before-insert, so two concurrent sends with one id store exactly one message. Whether the sender may
 * send to the recipient at all is checked by the append's transaction or, with a remote identity service, by the
 * gateway before this is called (see {@code agentmesh.identity}). A CDI bean outside any transaction: the append is
 * the one container call, and the transaction, of a send (a retry costs one more, to read the original); under load,
 * concurrent sends share their transaction ({@link SendGroups}).
 */
@ApplicationScoped
public class MessageSender {

    /** The name of the unique key whose violation means "this messageId was sent before". */
    static final String MESSAGE_ID_KEY = "uk_task_message_sender_message_id";

    @EJB
    MessageAppender appender;

    @Inject
    SendGroups groups;

    public SendResult send(SendCommand command) {
        try {
            return new SendResult(groups.append(command), false);
        } catch (DuplicateMessageIdException e) {
            return new SendResult(
                    appender.original(command).orElseThrow(() -> new MessageIdConflictException(command.messageId())),
                    true);
        } catch (TaskTerminalException e) {
            // A retry of a send that got through before the task ended is still answered with the original.
            return new SendResult(appender.original(command).orElseThrow(() -> e), true);
        }
    }
}
