/**
 * The inbox, the logic (the feature and its guarantees: {@code agentmesh.inbox}).
 *
 * <p>Operations: {@link agentmesh.inbox.control.InboxDelivery} writes the records a consumer hands over into
 * {@code inbox_dedup} and {@code inbox_event}, with cursors taken from {@code inbox_cursor}, a poll's or a partition's
 * records in one transaction, or one record per transaction; {@link agentmesh.inbox.control.DeadLetters} parks what cannot be
 * delivered and replays it through the same delivery; {@link agentmesh.inbox.control.InboxReader} reads a page after
 * a cursor and keeps the agent's ack; {@link agentmesh.inbox.control.SignalOnCommit} hands each committed delivery to
 * {@link agentmesh.inbox.control.InboxSignals}, which also hears of other instances' deliveries from
 * {@link agentmesh.inbox.control.InboxCursorChanges} on the change feed; {@link agentmesh.inbox.control.InboxWaits} is the one registry of
 * everything that waits on an agent's inbox (long polls, streams, A2A watches), woken by those signals and ended by
 * token rotations; {@link agentmesh.inbox.control.InboxHousekeeping} purges old dedup
 * rows; {@link agentmesh.inbox.control.InboxMetrics} counts.
 *
 * <p>Invariants: a record whose (recipient, event id) has a dedup row changes nothing; an agent's cursors are
 * handed out in blocks under its {@code inbox_cursor} row's lock, so they have no gap or repeat and follow the
 * delivery order; readers are woken only after the delivery has committed; the ack never moves backwards. A record
 * that is no valid event is a {@link agentmesh.inbox.control.PoisonRecordException}, never a silent skip. Delivery,
 * reading and acks are plain JDBC; the dead letters go through the {@code EntityManager}'s native SQL.
 */
package agentmesh.inbox.control;
