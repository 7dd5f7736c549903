/**
 * The inbox consumer: reads the topic and hands each poll's records to the inbox, committing offsets only
 * after the inbox has them. This module ({@code mesh-agent-mdb}, the name the design card gives it) is the consumer
 * and nothing else; what a delivery does, and the guarantees it keeps, are specified with the inbox itself
 * ({@code agentmesh.inbox} in {@code mesh-ejb}).
 *
 * <p>How: {@link agentmesh.inbox.consumer.InboxConsumer}, a {@code @Startup @Singleton}, runs consumer loops
 * ({@link agentmesh.inbox.consumer.ConsumerLoop}) on the container's ManagedThreadFactory (group {@code mesh-inbox},
 * committed records only). A poll's records go to {@code InboxDelivery} in one container transaction (should that
 * fail, each partition's in one of its own), and only after that transaction commits are the offsets committed, once
 * per poll. A crash in between redelivers the records; their dedup rows make them no-ops (G3). Should a partition's
 * batch fail, its records are delivered one by one, each in its own transaction, so that a record that cannot be
 * delivered is retried and parked alone while the ones before it are done.
 *
 * <p>Failures: a record whose delivery fails is tried again after the mesh's one
 * {@link agentmesh.retry.RetryPolicy} (from {@code mesh.consumer.retry-backoff-ms}, doubling, at most 30 s; the
 * partition is paused, not the thread); after {@code mesh.consumer.max-attempts} failures it is parked as a dead
 * letter with its error and the partition moves on (G5). Failures of the surroundings (database unreachable, lock
 * timeouts) do not count towards that: they would otherwise park healthy records during an outage. Both consumers
 * tell the two kinds apart one way ({@link agentmesh.inbox.consumer.DeliveryFailure}): a batch the surroundings
 * failed is tried again whole after its wait, a batch its records failed is taken apart. Nothing is skipped without a
 * dead-letter row.
 *
 * <p>After a crash: the dead server's consumers leave no word; the group gives their partitions to the others (or to
 * the restarted server) once their session times out ({@code mesh.consumer.session-timeout-ms}, 10 s — shorter than
 * Kafka's 45 s, which stalled every inbox for 45 s after a kill -9 in the chaos suite).
 *
 * <p>Why not a message-driven bean: Payara's Kafka JCA adapter is not on Maven Central and loses records on failure,
 * and Payara implements no MicroProfile Reactive Messaging. A loop on managed threads keeps the MDB's contract (the
 * container's transaction per delivery, offsets after commit, clean shutdown) with the plain Kafka client.
 *
 * <p>Where the server has MicroProfile Reactive Messaging (WildFly) and {@code mesh.consumer.reactive-messaging} is
 * true, the loops stay off and an {@code @Incoming} method reads the topic instead (module
 * {@code mesh-inbox-reactive}); it hands each partition's records to
 * {@link agentmesh.inbox.consumer.PartitionDelivery}, this policy in a form that waits instead of pausing the
 * partition, and acknowledges them after.
 *
 * <p>Out of scope: a dead-letter topic ({@code inbox.events.DLQ}); the table is the dead-letter store for now.
 */
package agentmesh.inbox.consumer;
