/**
 * Retrying with backoff and parking: the one mechanism of the mesh for work that failed and is to be tried again.
 *
 * <p>Purpose: every loop that delivers something and may fail — the outbox publishing to Kafka
 * ({@code agentmesh.outbox.control.OutboxBatch}), the inbox consumers delivering records
 * ({@code ConsumerLoop}, {@code PartitionDelivery} in {@code mesh-agent-mdb}), the outbound relays calling remote A2A
 * servers and webhooks ({@code CursorRelay}) — waits and gives up by the same
 * {@link agentmesh.retry.RetryPolicy}, counting its failures in {@link agentmesh.retry.Attempts}.
 *
 * <p>Operations: {@link agentmesh.retry.RetryPolicy#after} turns a failure count into a decision, retry after a wait
 * or park. Each loop says for itself which of its failures are its work's own fault (counted) and which the
 * surroundings' (only a try): a refused publish or a failing delivery counts, a database or broker out of reach does
 * not; for the relays, an unreachable remote server does not count and an unreachable webhook does.
 * {@link agentmesh.retry.Failures#isTransient} tells the database's failures of the surroundings (a lost connection,
 * a lock wait timeout) from the work's own.
 *
 * <p>Invariants: the waits double from {@code firstWait} to at most {@code maxWait}; work is parked only after
 * {@code maxAttempts} counted failures, never because of its surroundings; parked work goes to a dead-letter store with
 * an admin's list, count and replay ({@code agentmesh.deadletter}).
 *
 * <p>Out of scope: where each loop keeps its attempts (a row's columns, a loop's memory) and how it waits (a row's
 * next attempt time, a paused partition, a monitor).
 */
package agentmesh.retry;
