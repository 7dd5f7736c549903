/**
 * Sending: an agent's message into a task, accepted durably and without waiting for the recipient.
 *
 * <p>Operations: {@link agentmesh.messaging.control.MessageSender#send}.
 *
 * <p>Guarantees: <b>G1 idempotent send</b> (a message id is stored once per sender; a retry gets the original
 * answer) and, with the outbox written in the same transaction, <b>G4 no loss across crashes</b> from the moment
 * the sender has its 2xx.
 *
 * <p>Invariants: one JTA transaction writes the task (created when the send names none, touched otherwise), the
 * {@code task_message} row and its {@code outbox_event}; a failure anywhere leaves none of them. A message id
 * belongs to its sender and is stored once per sender: a repeated send with the same sender, task, recipient and
 * parts gets the original answer (200), with anything different a 409. Only agents allowed to talk (contacts) may
 * send to each other, and only within a task of theirs that is not terminal.
 *
 * <p>Elsewhere: publishing the outbox (the dispatcher, {@code agentmesh.outbox}) and delivery into inboxes (the
 * consumer, {@code mesh-agent-mdb}).
 */
package agentmesh.messaging;
