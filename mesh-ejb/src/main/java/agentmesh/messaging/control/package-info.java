/**
 * Sending, the logic (the feature and its guarantees: {@code agentmesh.messaging}).
 *
 * <p>Operations: {@link agentmesh.messaging.control.MessageSender#send}, outside any transaction, calls
 * {@link agentmesh.messaging.control.MessageAppender#append}, the one transaction of a send: after the contact check,
 * the task persisted or locked and given its next seq, the {@code TaskMessage} persisted and flushed, and the
 * recipient's outbox event ({@code Outbox.enqueue}) — through the entities. When the insert hits the
 * unique (sender, message id), {@link agentmesh.messaging.control.MessageAppender#original} reads the stored message
 * and its {@link agentmesh.messaging.control.Fingerprint} decides: the same send gets the original answer, another
 * one a {@link agentmesh.messaging.control.MessageIdConflictException} (409). A send without an id gets one from
 * {@link agentmesh.messaging.control.MessageIds}.
 *
 * <p>Invariants: no select before the insert — the unique key decides, so two concurrent sends with one id store one
 * message; a send into a terminal task is refused, except a retry of a send that got through before it ended.
 */
package agentmesh.messaging.control;
