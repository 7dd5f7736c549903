/**
 * The transactional outbox and its dispatcher to Kafka.
 *
 * <p>Purpose: an event for an agent (a message, a status change, an artifact) is written as an {@code outbox_event}
 * row in the same JTA transaction as the change that caused it, so the event exists if and only if the change
 * committed. The dispatcher publishes committed rows to the topic ({@code inbox.events} by default), keyed by the
 * recipient agent id, so that one recipient's events share a partition.
 *
 * <p>Guarantees: <b>G4 no loss across crashes</b> (an event exists exactly when its change committed, and stays
 * pending until Kafka has it); <b>G2 per-recipient order</b> (a recipient's events are published in id order,
 * none overtaking one that failed); <b>G5 dead events and replay</b> (an event that cannot be published is dead
 * after its attempts, stops holding its recipient, and an admin can put it back).
 *
 * <p>Operations: {@link agentmesh.outbox.control.Outbox#enqueue} (inside the caller's transaction);
 * {@link agentmesh.outbox.control.OutboxDispatcher#trigger} — called right after such a transaction commits
 * ({@link agentmesh.outbox.control.DispatchOnCommit}) and by the one-second sweep
 * ({@link agentmesh.outbox.control.OutboxSchedule}), the safety net after a crash or an outage;
 * {@link agentmesh.outbox.control.OutboxAdmin} lists rows and puts dead ones back; housekeeping deletes sent rows
 * after the retention, thousands per short transaction through the {@code (status, sent_at)} index.
 *
 * <p>A round ({@link agentmesh.outbox.control.OutboxBatch}), in one database transaction:
 * <ol>
 *   <li><em>Heads.</em> Each recipient's earliest pending event, if it is due by the database's clock, from one
 *       grouped read of the {@code (status, event_key, id)} index — a loose index scan, one entry per recipient
 *       with pending events, whatever waits behind them and however many sent rows are kept.</li>
 *   <li><em>Lock.</em> {@code FOR UPDATE SKIP LOCKED} on those heads, by primary key. Holding a recipient's head is
 *       holding the recipient: another server sees the head still pending (so nothing behind it is a head) and
 *       cannot lock it (so it skips the recipient). Several instances need no leases or partition ownership.</li>
 *   <li><em>Runs.</em> Behind each locked head, its recipient's pending events in id order, up to the round's
 *       share, ending before any event in backoff.</li>
 *   <li><em>Publish</em> every run in one Kafka transaction ({@link agentmesh.outbox.control.KafkaPublisher}).
 *       Consumers read committed records only, so a round is on the topic all or not at all.</li>
 *   <li><em>Record</em> with one {@code UPDATE … WHERE id IN (…)}: what was published is sent. A record Kafka
 *       refuses for good (too large, invalid) is dead at once, so that it never holds its recipient's later
 *       events; one it refuses otherwise counts an attempt and waits by the mesh's one
 *       {@link agentmesh.retry.RetryPolicy}, {@code base × 2^(attempts-1)} (5 s base, 5 min cap), then is dead
 *       after the last attempt (10); the round it was in published nothing, and the next one
 *       publishes the others again, its recipient's run stopping before it. A broker out of reach changes no row:
 *       the dispatcher waits the base and tries again, however long the outage, so nothing dies of an outage and
 *       its end is noticed within the base.</li>
 * </ol>
 * A round's cost follows what it publishes: the heads read costs one index probe per recipient with pending
 * events, and nothing reads the rows behind a head that is not due. The pending gauge counts the pending and
 * failed rows through the same index, never the sent ones.
 *
 * <p>Why a Kafka transaction, and not the idempotent producer alone: idempotence makes the broker write a
 * partition's records in the order they were sent, but when one of them fails for good (its delivery times out
 * while the broker is away) the producer restarts its sequence and the records after it can still be written. The
 * run then stands on the topic with a hole, and the failed record, published again, lands after its successors:
 * the consumer would deliver them out of order. KafkaOutageIT saw exactly this. In a transaction such a round is
 * aborted and invisible. A record the producer refuses at once (too large for it) is blamed alone and dead, and
 * its round aborted (the producer's transaction is in error from then on; the records handed over before it are
 * not to blame). A record that fails after hand-over may be failing only with its batch, so it counts an attempt
 * instead. Neither should happen: {@link agentmesh.outbox.control.Outbox#enqueue} refuses (413) an event over
 * {@code mesh.kafka.max-message-bytes}, the one setting that sizes the producer's {@code max.request.size} and the
 * topic's {@code max.message.bytes}.
 *
 * <p>Invariants: a committed event is published at least once (a crash between Kafka's commit and the database's
 * publishes it again, whole runs in order; the inbox consumer's dedup table makes that exactly once for the
 * recipient); events of one recipient are published in commit order, except for an admin's explicit replay of a
 * dead event, which goes after the events that overtook it while it was dead. Times that order anything
 * ({@code next_attempt_at}, the due check) are the database's: instances with skewed clocks agree.
 *
 * <p>Out of scope here: delivery into inboxes (the consumer in {@code mesh-agent-mdb}).
 */
package agentmesh.outbox;
