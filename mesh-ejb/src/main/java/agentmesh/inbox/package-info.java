/**
 * The inbox: each agent's ordered, durable list of the events meant for it, delivered once, read by cursor.
 *
 * <p>Guarantees: <b>G2 per-recipient order</b> (events appear in the order they were accepted for the recipient:
 * one recipient's events share a partition, and a partition's records are delivered in their order, each taking the
 * recipient's next cursor); <b>G3 exactly-once delivery</b> (an {@code inbox_dedup} row per (agent, event id) is
 * written in the delivery's own transaction, so a record redelivered after any crash is a no-op);
 * <b>G5 dead letters and replay</b> (a record that cannot be delivered is parked in {@code dead_letter} with its
 * error, never skipped silently, and an admin can replay it).
 *
 * <p>Operations: {@link agentmesh.inbox.control.InboxDelivery} delivers a consumer poll's records in one
 * container transaction — the dedup rows already there found with one query, a block of cursors per recipient, the
 * new dedup rows and events inserted with one statement each — or one record per transaction as the fallback;
 * {@link agentmesh.inbox.control.DeadLetters} parks and replays; {@link agentmesh.inbox.control.InboxReader} reads a
 * page after a cursor, bounded by count and by bytes, and keeps an agent's acknowledgement;
 * {@link agentmesh.inbox.control.InboxSignals} wakes exactly the recipient's waiting readers after a delivery commits
 * (here, or on another server through {@link agentmesh.inbox.control.InboxCursorChanges} on the change feed), so that an idle reader costs
 * no query; {@link agentmesh.inbox.control.InboxHousekeeping} deletes dedup rows after their retention.
 *
 * <p>Where the parts live: this logic in {@code mesh-ejb}; the Kafka consumer that feeds it, and nothing else, in
 * {@code mesh-agent-mdb} ({@code agentmesh.inbox.consumer}); the HTTP resources (long poll, Server-Sent Events, ack,
 * dead-letter admin) in {@code mesh-web} ({@code agentmesh.inbox.boundary}), beside every other boundary.
 */
package agentmesh.inbox;
