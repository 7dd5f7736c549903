package agentmesh.system;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/** Reads the whole inbox topic with a plain Kafka consumer (no group), as a test's independent witness. */
public final class TopicReader {

    static final String TOPIC = "inbox.events";

    private TopicReader() {}

    public record Event(String key, int partition, long offset, JsonObject value) {
        public String messageId() {
            return value.getString("messageId");
        }

        int seq() {
            return value.getInt("seq");
        }
    }

    /** Every record now on the topic whose key is one of the given recipients, in partition order. */
    static List<Event> eventsFor(Collection<String> recipients) {
        Set<String> keys = Set.copyOf(recipients);
        return read(MeshStackExtension.stack().config().effectiveKafkaBootstrap(), keys::contains);
    }

    /** Every record now on the topic of the broker at {@code bootstrap}, in partition order. */
    public static List<Event> all(String bootstrap) {
        return read(bootstrap, key -> true);
    }

    /**
     * How many of the topic's partitions each Kafka node leads now, by node id. Asked in the middle of a chaos run, on
     * two loaded cores: the metadata may take longer than the ten seconds the other reads allow (a run failed so).
     */
    public static Map<Integer, Long> partitionsLedByNode(String bootstrap) {
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(
                Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap),
                new StringDeserializer(),
                new StringDeserializer())) {
            return consumer.partitionsFor(TOPIC, Duration.ofSeconds(60)).stream()
                    .filter(info -> info.leader() != null && !info.leader().isEmpty())
                    .collect(Collectors.groupingBy(info -> info.leader().id(), Collectors.counting()));
        }
    }

    private static List<Event> read(String bootstrap, Predicate<String> keyFilter) {
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(
                Map.of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrap,
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                        false,
                        ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                        "read_committed"),
                new StringDeserializer(),
                new StringDeserializer())) {
            List<PartitionInfo> infos = consumer.partitionsFor(TOPIC, Duration.ofSeconds(10));
            if (infos == null || infos.isEmpty()) {
                return List.of();
            }
            List<TopicPartition> partitions = infos.stream()
                    .map(info -> new TopicPartition(TOPIC, info.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions, Duration.ofSeconds(10));
            List<Event> events = new ArrayList<>();
            while (partitions.stream().anyMatch(p -> consumer.position(p, Duration.ofSeconds(10)) < end.get(p))) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
                    if (keyFilter.test(record.key())) {
                        events.add(new Event(
                                record.key(),
                                record.partition(),
                                record.offset(),
                                Json.createReader(new StringReader(record.value()))
                                        .readObject()));
                    }
                }
            }
            return events;
        }
    }
}
