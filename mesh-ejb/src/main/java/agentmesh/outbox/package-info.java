/**
 * The transactional outbox.
 *
 * <p>Purpose: an event for another agent (a message, later status changes and artifacts) is written as an
 * {@code outbox_event} row in the same JTA transaction as the change that caused it, so the event exists if and only
 * if the change committed. Publishing to Kafka happens after the commit, from the table.
 *
 * <p>Operations: {@link agentmesh.outbox.control.Outbox#enqueue} (mandatory transaction).
 *
 * <p>Invariants: the Kafka record key is the recipient agent id; an event is never lost once its transaction
 * committed; events of one recipient are published in commit order.
 *
 * <p>Out of scope here: the dispatcher that publishes pending rows (claiming, retries, dead events) is its own
 * issue; until it exists, events wait as {@code pending}.
 */
package agentmesh.outbox;
