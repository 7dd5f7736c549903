package agentmesh.inbox.reactive;

import agentmesh.inbox.control.InboxMetrics;
import io.smallrye.reactive.messaging.kafka.KafkaConsumerRebalanceListener;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;

import java.util.Collection;

/**
 * Counts the inbox consumer group's rebalances on the Reactive Messaging consumer, as the consumer loops do on
 * Payara ({@code agent_mesh_consumer_rebalances_total}), and clears the lag of partitions taken away. The connector
 * calls it on its polling thread at every assignment and revocation, finding it by the channel's
 * {@code consumer-rebalance-listener.name}. {@code @Named}, not SmallRye's {@code @Identifier}: the connector finds
 * either (it logs that the first is deprecated), and the second's module need not be visible to the EAR.
 */
@ApplicationScoped
@Named("mesh-inbox-rebalances")
public class InboxRebalances implements KafkaConsumerRebalanceListener {

    @Inject
    InboxMetrics metrics;

    @Override
    public void onPartitionsAssigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        metrics.partitionsAssigned(consumer.groupMetadata().generationId());
    }

    /** A revoked partition's lag is its next owner's to report; a stale value here would count twice. */
    @Override
    public void onPartitionsRevoked(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        partitions.forEach(partition -> metrics.lag(partition.partition(), 0));
    }
}
