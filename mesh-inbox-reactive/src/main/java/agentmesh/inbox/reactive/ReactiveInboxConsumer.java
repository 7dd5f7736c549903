package agentmesh.inbox.reactive;

import agentmesh.inbox.consumer.PartitionDelivery;
import agentmesh.inbox.consumer.PolledRecord;
import agentmesh.inbox.control.InboxMetrics;
import agentmesh.testfaults.DeliveryFaults;
import io.smallrye.reactive.messaging.kafka.KafkaClientService;
import io.smallrye.reactive.messaging.kafka.KafkaConsumer;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordBatchMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.logging.Logger;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.eclipse.microprofile.reactive.messaging.Acknowledgment;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * The inbox consumer as the design card draws it: a MicroProfile Reactive Messaging {@code @Incoming} method on the
 * SmallRye Kafka connector (channel {@code inbox}, configured in {@code mesh-health}'s
 * {@code microprofile-config.properties}, where WildFly reads it).
 * The connector polls in batches; each partition's records of a batch go to {@link PartitionDelivery}, the same
 * delivery transaction and the same retry-and-park policy as the plain Kafka consumer's, and the batch is
 * acknowledged only after every one of them is delivered, a duplicate, or parked. The connector commits
 * acknowledged offsets (strategy {@code throttled}: the highest offset below which every record is acknowledged); a
 * crash in between redelivers them and their dedup rows make them no-ops (G3). A method that returns a
 * {@code CompletionStage} gets the next batch only when the stage completes: batches are done one at a time, in the
 * order polled, which keeps each partition's order. The price: while a record waits for its next try, the other
 * partitions of this server wait too (the plain consumer's loops pause only the failing partition); a poison record
 * holds them for the sum of its backoffs (7.5 s with the defaults) before it is parked.
 *
 * <p>The work runs on {@link PartitionDelivery}'s container thread (for the delivery's transactions), not on the
 * connector's event loop. Should it fail (only when the application stops while a record waits for its next try),
 * the batch is not acknowledged; the channel's {@code failure-strategy=fail} stops it rather than skip the records,
 * and their next owner in the group delivers them. After each batch the partitions' lag is read on the connector's
 * polling thread, for the {@code agent_mesh_consumer_lag} gauge.
 *
 * <p>Active only where the server has Reactive Messaging and {@code mesh.consumer.reactive-messaging=true}
 * (WildFly's {@code setup.cli} sets it; the plain consumer's loops stay off then). Elsewhere (Payara) the
 * annotations' types are missing and the container makes no bean of this class.
 */
@ApplicationScoped
public class ReactiveInboxConsumer {

    private static final Logger LOG = Logger.getLogger(ReactiveInboxConsumer.class.getName());
    private static final String CHANNEL = "inbox";

    @Inject
    PartitionDelivery delivery;

    @Inject
    DeliveryFaults faults;

    @Inject
    InboxMetrics metrics;

    @Inject
    KafkaClientService kafka;

    @Incoming(CHANNEL)
    @Acknowledgment(Acknowledgment.Strategy.MANUAL)
    public CompletionStage<Void> consume(Message<List<String>> batch) {
        @SuppressWarnings("unchecked")
        ConsumerRecords<String, String> records = batch.getMetadata(IncomingKafkaRecordBatchMetadata.class)
                .map(IncomingKafkaRecordBatchMetadata::getRecords)
                .orElseThrow(() -> new IllegalStateException("the inbox channel must be a Kafka batch channel"));
        List<List<PolledRecord>> partitions = records.partitions().stream()
                .map(partition -> polled(records, partition))
                .toList();
        return delivery.inTurn(() -> deliver(partitions))
                .handle((done, failure) -> failure == null ? batch.ack() : batch.nack(failure))
                .thenCompose(Function.identity());
    }

    private void deliver(List<List<PolledRecord>> partitions) {
        partitions.forEach(delivery::deliver);
        if (faults.takeCrash()) {
            // The test fault "consumer crash before the offset commit": what such a crash leads to, the records
            // delivered again from the last committed offset, each to be recognised as a duplicate.
            partitions.forEach(delivery::deliver);
        }
        reportLag();
    }

    private void reportLag() {
        KafkaConsumer<String, String> consumer = kafka.getConsumer(CHANNEL);
        if (consumer != null) {
            consumer.runOnPollingThread(ReactiveInboxConsumer::lags)
                    .subscribe()
                    .with(lags -> lags.forEach(metrics::lag), failure -> LOG.fine(() -> "Lag not read: " + failure));
        }
    }

    private static Map<Integer, Long> lags(Consumer<String, String> polling) {
        Map<Integer, Long> lags = new HashMap<>();
        for (TopicPartition partition : polling.assignment()) {
            polling.currentLag(partition).ifPresent(lag -> lags.put(partition.partition(), lag));
        }
        return lags;
    }

    private static List<PolledRecord> polled(ConsumerRecords<String, String> records, TopicPartition partition) {
        return records.records(partition).stream().map(PolledRecord::of).toList();
    }
}
