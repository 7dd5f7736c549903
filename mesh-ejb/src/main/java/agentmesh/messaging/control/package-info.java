/**
 * Sending, the logic (the feature and its guarantees: {@code agentmesh.messaging}).
 *
 * <p>Operations: {@link agentmesh.messaging.control.MessageSender#send}, outside any transaction, calls
 * {@link agentmesh.messaging.control.MessageAppender#append}, the one transaction of a send: the task opened (with the
 * contact check in the same statement) or locked and touched, the {@code task_message} row with the next seq, and
 * the recipient's outbox event ({@code Outbox.enqueue}) — plain JDBC on one connection. When the insert hits the
 * unique (sender, message id), {@link agentmesh.messaging.control.MessageAppender#original} reads the stored message
 * and its {@link agentmesh.messaging.control.Fingerprint} decides: the same send gets the original answer, another
 * one a {@link agentmesh.messaging.control.MessageIdConflictException} (409). A send without an id gets one from
 * {@link agentmesh.messaging.control.MessageIds}.
 *
 * <p>Invariants: no select before the insert — the unique key decides, so two concurrent sends with one id store one
 * message; a send into a terminal task is refused, except a retry of a send that got through before it ended.
 */
package agentmesh.messaging.control;
