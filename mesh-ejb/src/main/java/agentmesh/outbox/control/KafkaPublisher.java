package agentmesh.outbox.control;

import agentmesh.outbox.entity.OutboxEvent;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.StringSerializer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * The server's one Kafka producer: idempotent, {@code acks=all}, records keyed by recipient so that one recipient's
 * events share a partition and keep their order there. Creates the topic when it is missing.
 */
@ApplicationScoped
public class KafkaPublisher {

    private static final Logger LOG = Logger.getLogger(KafkaPublisher.class.getName());
    private static final Duration SEND_TIMEOUT = Duration.ofSeconds(10);

    @Inject
    OutboxConfig config;

    @Inject
    PublishFaults faults;

    private KafkaProducer<String, String> producer;
    private volatile boolean topicReady;

    @PostConstruct
    void connect() {
        producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, config.bootstrap(),
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 5,
                ProducerConfig.LINGER_MS_CONFIG, 0,
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000,
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) SEND_TIMEOUT.toMillis(),
                ProducerConfig.MAX_BLOCK_MS_CONFIG, 3_000,
                ProducerConfig.CLIENT_ID_CONFIG, "mesh-outbox"),
                new StringSerializer(), new StringSerializer());
    }

    @PreDestroy
    void close() {
        producer.close(Duration.ofSeconds(5));
    }

    /**
     * Publishes the events and waits for Kafka's acknowledgements.
     *
     * @return per event, in the same order, null when acknowledged or the failure
     */
    public List<Exception> publish(List<OutboxEvent> events) {
        ensureTopic();
        List<Future<RecordMetadata>> acks = new ArrayList<>();
        Exception brokerUnavailable = null;
        for (OutboxEvent event : events) {
            if (brokerUnavailable != null) {
                acks.add(null); // do not wait max.block.ms again for every record of the batch
            } else if (faults.fails(event.eventKey())) {
                acks.add(null);
            } else {
                try {
                    acks.add(producer.send(new ProducerRecord<>(config.topic(), event.eventKey(), event.payload())));
                } catch (RuntimeException e) {
                    brokerUnavailable = e;
                    acks.add(null);
                }
            }
        }
        List<Exception> results = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            results.add(outcome(events.get(i), acks.get(i), brokerUnavailable));
        }
        return results;
    }

    private Exception outcome(OutboxEvent event, Future<RecordMetadata> ack, Exception brokerUnavailable) {
        if (ack == null) {
            return brokerUnavailable != null ? brokerUnavailable
                    : new IllegalStateException("injected publish failure for key " + event.eventKey());
        }
        try {
            ack.get(SEND_TIMEOUT.toMillis() + 1_000, TimeUnit.MILLISECONDS);
            return null;
        } catch (ExecutionException e) {
            return e.getCause() instanceof Exception cause ? cause : e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return e;
        } catch (java.util.concurrent.TimeoutException e) {
            return e;
        }
    }

    /**
     * Whether a publish failed because Kafka was out of reach or too slow to answer (retriable errors such as
     * timeouts, lost connections, no leader, too few in-sync replicas), rather than because of the event itself.
     */
    static boolean isUnavailable(Exception failure) {
        return failure instanceof RetriableException || failure instanceof java.util.concurrent.TimeoutException
                || failure instanceof InterruptedException;
    }

    /** Creates the topic if it is missing; retried on every publish until it succeeds once. */
    void ensureTopic() {
        if (topicReady) {
            return;
        }
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, config.bootstrap(),
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 5_000,
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 3_000))) {
            // acks=all waits for the in-sync replicas: with 3 replicas, 2 in sync survive the loss of one broker.
            int minInSync = Math.max(1, Math.min(2, config.replicationFactor() - 1));
            NewTopic topic = new NewTopic(config.topic(), config.partitions(), config.replicationFactor())
                    .configs(Map.of("min.insync.replicas", Integer.toString(minInSync)));
            admin.createTopics(List.of(topic)).all().get(5, TimeUnit.SECONDS);
            LOG.info(() -> "Created topic " + config.topic() + " with " + config.partitions() + " partitions");
            topicReady = true;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof TopicExistsException) {
                topicReady = true;
            } else {
                LOG.warning("Could not create topic " + config.topic() + ": " + e.getCause());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.TimeoutException e) {
            LOG.warning("Kafka did not answer while creating topic " + config.topic());
        }
    }
}
