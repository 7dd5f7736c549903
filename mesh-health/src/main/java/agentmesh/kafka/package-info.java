/**
 * The properties of the mesh's Kafka clients — the outbox's producer, the inbox's consumers, the admin clients —
 * declared once ({@link agentmesh.kafka.KafkaSettings}), with what an operator adds through
 * {@code mesh.kafka.*} ({@link agentmesh.kafka.KafkaProperties}): security (SASL, TLS), timeouts, sizes.
 *
 * <p>Invariants: the settings the guarantees rest on ({@code acks=all}, idempotence and transactions for the producer;
 * {@code read_committed}, no auto-commit, no topic creation, {@code earliest} for the consumers) cannot be changed
 * by configuration: a contradicting value stops the application at start. Secrets in the properties are never
 * logged (only the names given).
 *
 * <p>Out of scope: the topic's own settings (partitions, replicas, {@code min.insync.replicas},
 * {@code max.message.bytes}: {@code agentmesh.outbox.control.InboxTopic}) and the brokers'.
 */
package agentmesh.kafka;
