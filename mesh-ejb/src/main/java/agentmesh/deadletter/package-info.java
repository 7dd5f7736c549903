/**
 * The one admin contract over every dead-letter store of the mesh.
 *
 * <p>Purpose: what a retry loop gave up on ({@code agentmesh.retry}) is parked, never dropped, and an admin sees and
 * replays it the same way whichever loop parked it. The stores: the outbox's dead events
 * ({@code agentmesh.outbox.control.OutboxAdmin}, {@code outbox_event} rows {@code FAILED}), the inbox consumer's parked
 * records ({@code agentmesh.inbox.control.DeadLetters}, {@code dead_letter}), and the outbound relays' parked inbox
 * events, a remote agent's and a push webhook's ({@code OutboundDeadLetters}, served by {@code RelayDeadLetters}, in
 * {@code agentmesh.a2a.relay.control}, {@code outbound_dead_letter}).
 *
 * <p>Operations, on every store's route {@code …/dead-letters}: {@code GET} with {@code cursor} and {@code limit} →
 * a {@link agentmesh.deadletter.DeadLetterPage}; {@code GET …/dead-letters/count} → a
 * {@link agentmesh.deadletter.DeadLetterCount}; {@code POST …/dead-letters/{id}/replay} → 202 with a
 * {@link agentmesh.deadletter.DeadLetterReplay}.
 *
 * <p>Invariants: pages are in the order the letters were parked (by id) and bounded ({@code limit} 1 to
 * {@link agentmesh.deadletter.DeadLetterPage#MAX_LIMIT}); a replay goes through the same path as the first try
 * (the inbox's dedup, the outbox's order per recipient, the relay's call), so replaying twice does no harm twice.
 *
 * <p>Out of scope: what a letter holds (each store's own view of its rows); deleting letters (they are kept until
 * their target goes).
 */
package agentmesh.deadletter;
