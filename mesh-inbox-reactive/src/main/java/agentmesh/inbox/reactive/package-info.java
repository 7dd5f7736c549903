/**
 * The inbox consumer where the server has MicroProfile Reactive Messaging (WildFly) and
 * {@code mesh.consumer.reactive-messaging} is true: {@link agentmesh.inbox.reactive.ReactiveInboxConsumer}, an
 * {@code @Incoming("inbox")} method on the SmallRye Kafka connector, hands each partition's records of a batch to
 * {@code PartitionDelivery} (the same delivery transaction and retry-and-park policy as the consumer loops of
 * {@code agentmesh.inbox.consumer}) and acknowledges the batch after; {@link
 * agentmesh.inbox.reactive.ReactiveConsumerProbe} answers the {@code mesh-inbox-consumer} readiness check.
 *
 * <p>Invariants: a batch is acknowledged only once every record in it is delivered, a duplicate or parked; batches
 * are done one at a time in the order polled, which keeps each partition's order (and makes a record waiting for its
 * next try hold the server's other partitions too); should delivery fail, the batch is not acknowledged and the
 * channel stops ({@code failure-strategy=fail}) rather than skip records. On a server without Reactive Messaging
 * (Payara) the module deploys and does nothing.
 */
package agentmesh.inbox.reactive;
