package agentmesh.outbox.control;

import agentmesh.kafka.KafkaSettings;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Singleton;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;

/**
 * What the admin side asks the Kafka cluster: whether a broker answers (readiness) and how far the inbox consumer
 * group is behind (stats). One long-lived admin client; every question is bounded by {@link #TIMEOUT}, so an
 * unreachable broker makes an answer "unreachable", never a hung request.
 */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class KafkaCluster {

    static final Duration TIMEOUT = Duration.ofSeconds(2);
    /** Readiness probes may come every second from several places; the cluster is asked at most this often. */
    private static final Duration REACHABILITY_TTL = Duration.ofSeconds(2);

    @Inject
    OutboxConfig config;

    @Inject
    KafkaSettings kafka;

    @Inject
    Clock clock;

    private Admin admin;
    private volatile Reachability last;

    /** The broker's answer (or the reason there was none) at a time. */
    private record Reachability(Instant at, Optional<String> problem) {}

    @PostConstruct
    void open() {
        admin = Admin.create(kafka.admin("mesh-cluster-probe"));
    }

    @PreDestroy
    void close() {
        admin.close(Duration.ofSeconds(2));
    }

    /** Empty when a broker answered within the last two seconds' question, else why not. */
    public Optional<String> unreachable() {
        Reachability known = last;
        Instant now = clock.instant();
        if (known == null || known.at().plus(REACHABILITY_TTL).isBefore(now)) {
            known = new Reachability(now, askForNodes());
            last = known;
        }
        return known.problem();
    }

    /**
     * The consumer group's lag on each partition of the events topic: records committed to the partition (read
     * committed, as the consumers read) that the group has not committed an offset past.
     */
    public SortedMap<Integer, Long> lag(String group) throws KafkaUnreachableException {
        try {
            TopicDescription topic = admin.describeTopics(List.of(config.topic()))
                    .allTopicNames()
                    .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                    .get(config.topic());
            List<TopicPartition> partitions = topic.partitions().stream()
                    .map(p -> new TopicPartition(config.topic(), p.partition()))
                    .toList();
            Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group)
                    .partitionsToOffsetAndMetadata()
                    .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            Map<TopicPartition, ListOffsetsResultInfo> ends = offsets(partitions, OffsetSpec.latest());
            Map<TopicPartition, ListOffsetsResultInfo> starts = offsets(partitions, OffsetSpec.earliest());
            SortedMap<Integer, Long> lag = new TreeMap<>();
            for (TopicPartition partition : partitions) {
                // No committed offset yet: the group starts at the earliest record (auto.offset.reset=earliest).
                OffsetAndMetadata offset = committed.get(partition);
                long position =
                        offset != null ? offset.offset() : starts.get(partition).offset();
                lag.put(partition.partition(), Math.max(0, ends.get(partition).offset() - position));
            }
            return lag;
        } catch (ExecutionException | TimeoutException e) {
            throw new KafkaUnreachableException(reason(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KafkaUnreachableException("interrupted");
        }
    }

    private Map<TopicPartition, ListOffsetsResultInfo> offsets(List<TopicPartition> partitions, OffsetSpec spec)
            throws ExecutionException, InterruptedException, TimeoutException {
        Map<TopicPartition, OffsetSpec> request =
                partitions.stream().collect(Collectors.toMap(Function.identity(), p -> spec));
        return admin.listOffsets(request, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED))
                .all()
                .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    }

    private Optional<String> askForNodes() {
        try {
            admin.describeCluster().nodes().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            return Optional.empty();
        } catch (ExecutionException | TimeoutException e) {
            return Optional.of(reason(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted");
        }
    }

    private static String reason(Exception e) {
        if (e instanceof TimeoutException) {
            return "no broker answered within " + TIMEOUT.toSeconds() + " s";
        }
        Throwable cause = e.getCause() != null ? e.getCause() : e;
        return cause.getClass().getSimpleName() + ": " + cause.getMessage();
    }

    /** The cluster did not answer a question in time. */
    public static class KafkaUnreachableException extends Exception {
        public KafkaUnreachableException(String reason) {
            super(reason);
        }
    }
}
