/**
 * The transactional outbox and its dispatcher to Kafka.
 *
 * <p>Purpose: an event for an agent (a message; later status changes and artifacts) is written as an
 * {@code outbox_event} row in the same JTA transaction as the change that caused it, so the event exists if and only
 * if the change committed. The dispatcher publishes committed rows to the topic ({@code inbox.events} by default),
 * keyed by the recipient agent id, with an idempotent {@code acks=all} producer (one per server).
 *
 * <p>Operations: {@link agentmesh.outbox.control.Outbox#enqueue} (inside the caller's transaction);
 * {@link agentmesh.outbox.control.OutboxDispatcher#trigger} — called right after such a transaction commits
 * ({@link agentmesh.outbox.control.DispatchOnCommit}) and by the one-second sweep
 * ({@link agentmesh.outbox.control.OutboxSchedule}), which is the safety net after a crash or an outage;
 * {@link agentmesh.outbox.control.OutboxAdmin} lists rows and puts dead ones back; housekeeping deletes sent rows
 * after the retention, in small batches through the {@code (status, sent_at)} index.
 *
 * <p>Order per recipient — the mechanism is <em>head of line per key</em>: a round
 * ({@link agentmesh.outbox.control.OutboxBatch}) claims with {@code FOR UPDATE SKIP LOCKED} only events that have no
 * earlier <em>pending</em> event of the same key, checked against committed rows without locking. Consequences:
 * <ul>
 *   <li>an event in retry backoff is still pending, so everything after it for that recipient waits;</li>
 *   <li>an event another server has claimed is still pending until that server commits it as sent, so no server can
 *       publish its successors meanwhile — several instances are safe without leases or partition ownership;</li>
 *   <li>each round publishes at most one event per recipient, which bounds one recipient's rate to one event per
 *       round trip (a few ms here); all recipients progress in parallel within a round.</li>
 * </ul>
 * Claims follow the {@code (status, next_attempt_at)} index order ({@code ORDER BY next_attempt_at}): ordering by id
 * would make InnoDB sort and lock every matching row, and a second server would claim nothing.
 *
 * <p>Retries and dead events: a publish that Kafka refuses counts an attempt and waits {@code base × 2^attempts}
 * (5 s base, 5 min cap by default); after the last attempt (10 by default) the event is {@code failed}: logged at
 * WARN with its id, counted, and listed by {@code GET /admin/outbox?status=failed}. A broker out of reach (Kafka's
 * retriable errors: timeouts, lost connections, no leader) is not the event's fault: it neither counts nor grows the
 * wait, and the event is tried again every {@code base}, so a long outage kills nothing and its end is noticed within
 * seconds. (When it counted, the chaos suite's 60 s outage was followed by 41 s of backoff before the backlog
 * moved, and by the defaults an outage of about 25 minutes killed every waiting event, which then lost its order
 * on replay.) A dead event no longer blocks its recipient —
 * a dead head would otherwise freeze that recipient forever. {@code POST /admin/outbox/{id}/retry} puts it back to
 * pending; it is then published next for its recipient, i.e. after the events that overtook it while it was dead.
 *
 * <p>Invariants: a committed event is published at least once (a crash between Kafka's ack and the commit of
 * "sent" publishes it again; the inbox consumer's dedup table makes that exactly once for the recipient); events of
 * one recipient are published in commit order, except for an admin's explicit replay of a dead event.
 *
 * <p>Out of scope here: delivery into inboxes (the consumer in {@code mesh-agent-mdb}).
 */
package agentmesh.outbox;
