package agentmesh.inboxchannel;

import io.smallrye.reactive.messaging.kafka.KafkaConsumerRebalanceListener;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;
import java.util.Collection;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;

/**
 * The inbox channel's rebalance listener (WildFly's Reactive Messaging), named by the channel's
 * {@code consumer-rebalance-listener.name}. Here, in a library of the EAR, because the Kafka connector looks it up
 * from the EAR's top level, which does not see the modules' beans; the consumer's module hands it where to tell
 * ({@link #tell}). An assignment before that is kept (the latest generation) and told then.
 *
 * <p>{@code @Named}, not SmallRye's {@code @Identifier}: the connector finds either (it logs that the first is
 * deprecated), and the second's module need not be visible to the EAR. Where Reactive Messaging is missing (Payara)
 * the interface's type is missing and the container makes no bean of this class.
 */
@ApplicationScoped
@Named(InboxRebalanceListener.NAME)
public class InboxRebalanceListener implements KafkaConsumerRebalanceListener {

    public static final String NAME = "mesh-inbox-rebalances";

    /** Who counts the rebalances and keeps the partitions' lag. */
    public interface Rebalances {

        /** The consumer was given its partitions in the group's generation {@code generation}. */
        void assigned(int generation);

        /** The partition was taken from the consumer. */
        void revoked(int partition);
    }

    private Rebalances rebalances;
    private int generationBeforehand = -1;

    public synchronized void tell(Rebalances target) {
        rebalances = target;
        if (generationBeforehand >= 0) {
            target.assigned(generationBeforehand);
        }
    }

    @Override
    public synchronized void onPartitionsAssigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        int generation = consumer.groupMetadata().generationId();
        if (rebalances == null) {
            generationBeforehand = Math.max(generationBeforehand, generation);
        } else {
            rebalances.assigned(generation);
        }
    }

    @Override
    public synchronized void onPartitionsRevoked(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        if (rebalances != null) {
            partitions.forEach(partition -> rebalances.revoked(partition.partition()));
        }
    }
}
