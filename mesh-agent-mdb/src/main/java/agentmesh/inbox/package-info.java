/**
 * The inbox consumer: Kafka to the recipients' inboxes, exactly once.
 *
 * <p>Purpose: take every event the dispatcher published and put it into its recipient's inbox once, in the order
 * of its partition (one recipient's events share a partition, so per-recipient order survives).
 *
 * <p>How: {@link agentmesh.inbox.consumer.InboxConsumer}, a {@code @Startup @Singleton}, runs consumer loops on the
 * container's ManagedThreadFactory (group {@code mesh-inbox}, committed records only). A partition's polled records
 * are delivered by {@code agentmesh.inbox.control.InboxDelivery} in one container transaction — the dedup rows
 * already there found with one query, a block of cursors per recipient, the new dedup rows and events inserted with
 * one statement each, one wake-up per recipient — and only after that transaction commits are the offsets
 * committed, once per poll. A crash in between redelivers the records; their dedup rows make them no-ops. Should a
 * batch fail, its records are delivered one by one, each in its own transaction, so that a record that cannot be
 * delivered is retried and parked alone while the ones before it are done.
 *
 * <p>Failures: a record whose delivery fails is tried again with backoff (the partition is paused, not the thread);
 * after {@code mesh.consumer.max-attempts} failures it is parked as a dead letter with its error and the partition
 * moves on. Failures of the surroundings (database unreachable, lock timeouts) do not count towards that: they would
 * otherwise park healthy records during an outage. Nothing is skipped without a dead-letter row.
 *
 * <p>After a crash: the dead server's consumers leave no word; the group gives their partitions to the others (or to
 * the restarted server) once their session times out ({@code mesh.consumer.session-timeout-ms}, 10 s — shorter than
 * Kafka's 45 s, which stalled every inbox for 45 s after a kill -9 in the chaos suite).
 *
 * <p>Out of scope: a dead-letter topic ({@code inbox.events.DLQ}); the table is the dead-letter store for now.
 */
package agentmesh.inbox;
