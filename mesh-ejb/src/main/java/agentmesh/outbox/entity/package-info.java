/**
 * What the outbox stores and sends: {@link agentmesh.outbox.entity.InboxEvent}, the JSON envelope of an event for an
 * agent's inbox (a message, a status change, an artifact; every event with an {@code eventId} of its own, the
 * consumer's dedup key) — a record, not an entity; {@link agentmesh.outbox.entity.OutboxEvent}, the JPA entity of an
 * {@code outbox_event} row, read by the admin's view only (the dispatcher reads and writes the columns by JDBC);
 * and {@link agentmesh.outbox.entity.OutboxStatus}. When a refused publish is tried again is the mesh's one
 * {@link agentmesh.retry.RetryPolicy}.
 */
package agentmesh.outbox.entity;
