/**
 * The outbox and its dispatcher, the logic (the feature, a round step by step and its guarantees:
 * {@code agentmesh.outbox}).
 *
 * <p>Operations: {@link agentmesh.outbox.control.Outbox#enqueue} writes an {@code outbox_event} row in the caller's
 * transaction; {@link agentmesh.outbox.control.DispatchOnCommit} and {@link agentmesh.outbox.control.OutboxSchedule}
 * trigger {@link agentmesh.outbox.control.OutboxDispatcher}, whose thread runs rounds of
 * {@link agentmesh.outbox.control.OutboxBatch}, each publishing through the one transactional producer,
 * {@link agentmesh.outbox.control.KafkaPublisher}; {@link agentmesh.outbox.control.InboxTopic} sets up and checks
 * the topic; {@link agentmesh.outbox.control.KafkaCluster} and {@link agentmesh.outbox.control.KafkaProbes} answer
 * readiness and the consumer group's lag; {@link agentmesh.outbox.control.OutboxAdmin} lists events and puts dead
 * ones back (the dead events are a dead-letter store under {@code agentmesh.deadletter}'s contract); {@link agentmesh.outbox.control.OutboxHousekeeping} deletes sent rows after their retention;
 * {@link agentmesh.outbox.control.OutboxConfig} holds the settings, {@link agentmesh.outbox.control.OutboxMetrics}
 * the figures.
 *
 * <p>Invariants: no event is written outside a transaction, nor one larger than Kafka takes (413); a round's records
 * are on the topic all or not at all; what orders events is the database's clock and the row id; a broker out of
 * reach changes no row. The enqueue and the rounds are plain JDBC; the admin's view reads the
 * {@code OutboxEvent} entity.
 */
package agentmesh.outbox.control;
