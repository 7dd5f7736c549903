package agentmesh.kafka;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.logging.Logger;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The properties of every Kafka client the mesh makes — the outbox's producer, the inbox's consumers, the admin
 * clients — each declared here once: the mesh's defaults, which an operator may change through
 * {@code mesh.kafka.*} ({@link KafkaProperties}), and the settings the guarantees rest on, which an operator cannot.
 * Assembled once at start: a contradiction stops the application then (docs/CONFIGURATION.md, Kafka clients).
 *
 * <p>Here, in a library of the EAR, because WildFly's Reactive Messaging reads the inbox channel's Kafka properties
 * from the EAR's top level ({@code agentmesh.inboxchannel.InboxChannelKafka}); the modules' beans use it as well.
 */
@ApplicationScoped
public class KafkaSettings {

    private static final Logger LOG = Logger.getLogger(KafkaSettings.class.getName());

    /** How long the producer tries to deliver a record before it fails it; the publisher waits this long. */
    public static final Duration DELIVERY_TIMEOUT = Duration.ofSeconds(10);

    @Inject
    @ConfigProperty(name = "mesh.kafka.bootstrap", defaultValue = "127.0.0.1:9092")
    String bootstrap;

    @Inject
    @ConfigProperty(name = "mesh.kafka.topic", defaultValue = "inbox.events")
    String topic;

    @Inject
    @ConfigProperty(name = "mesh.consumer.group", defaultValue = "mesh-inbox")
    String consumerGroup;

    @Inject
    @ConfigProperty(name = "mesh.consumer.session-timeout-ms", defaultValue = "10000")
    int sessionTimeoutMillis;

    @Inject
    Config config;

    private KafkaProperties operator;
    private Map<String, Object> consumer;
    private Map<String, Object> admin;

    @PostConstruct
    void assemble() {
        // The environment's names too: a configuration need not list its environment variables among its names.
        Set<String> names = new TreeSet<>(System.getenv().keySet());
        config.getPropertyNames().forEach(names::add);
        operator = KafkaProperties.from(names, name -> config.getOptionalValue(name, String.class));
        // The producer's transactional id and request size come from the outbox's settings when it is made; an
        // operator's value for either is a contradiction already.
        operator.forClient(
                KafkaClient.PRODUCER,
                producerDefaults(),
                producerRequired("(mesh.outbox.transactional-id)", "(mesh.kafka.max-message-bytes)"));
        consumer = operator.forClient(KafkaClient.CONSUMER, consumerDefaults(), consumerRequired());
        admin = operator.forClient(
                KafkaClient.ADMIN, adminDefaults(), Map.of(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrap));
        for (KafkaClient client : KafkaClient.values()) {
            // names only: values such as sasl.jaas.config hold secrets
            var given = operator.operator(client).keySet();
            if (!given.isEmpty()) {
                LOG.info(() -> "Kafka " + client.name().toLowerCase() + " properties from mesh.kafka.*: " + given);
            }
        }
    }

    /**
     * The outbox's producer.
     *
     * @param transactionalId unique per server instance, the same across its restarts
     * @param maxRequestSize  the largest event the mesh accepts, with room for Kafka's framing
     */
    public Map<String, Object> producer(String transactionalId, int maxRequestSize) {
        return operator.forClient(
                KafkaClient.PRODUCER, producerDefaults(), producerRequired(transactionalId, maxRequestSize));
    }

    /** An inbox consumer of the group, named {@code clientId} towards the brokers. */
    public Map<String, Object> consumer(String clientId) {
        Map<String, Object> named = new LinkedHashMap<>(consumer);
        named.putIfAbsent(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
        return named;
    }

    /** The inbox consumer's properties without a client id (Reactive Messaging's connector names its own). */
    public Map<String, Object> consumer() {
        return consumer;
    }

    /** An admin client named {@code clientId} towards the brokers. */
    public Map<String, Object> admin(String clientId) {
        Map<String, Object> named = new LinkedHashMap<>(admin);
        named.putIfAbsent(AdminClientConfig.CLIENT_ID_CONFIG, clientId);
        return named;
    }

    /** The topic the outbox publishes the inbox's events to and the inbox consumers read. */
    public String topic() {
        return topic;
    }

    public String consumerGroup() {
        return consumerGroup;
    }

    private static Map<String, Object> producerDefaults() {
        Map<String, Object> defaults = new LinkedHashMap<>();
        defaults.put(ProducerConfig.CLIENT_ID_CONFIG, "mesh-outbox");
        // A crashed server's open transaction holds the consumers back until it times out, unless the server comes
        // back first (it then aborts it at once): keep it short.
        defaults.put(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, 15_000);
        defaults.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 5);
        defaults.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        defaults.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000);
        defaults.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 3_000);
        return defaults;
    }

    private Map<String, Object> producerRequired(Object transactionalId, Object maxRequestSize) {
        Map<String, Object> required = new LinkedHashMap<>();
        required.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        // G2: an acknowledged publish is on every in-sync replica; a round is on the topic all or not at all.
        required.put(ProducerConfig.ACKS_CONFIG, "all");
        required.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        required.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
        // The publisher waits for each acknowledgement this long (and a second more), no longer.
        required.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) DELIVERY_TIMEOUT.toMillis());
        // The mesh's own size check (413 at the door) is what keeps unpublishable events out of the outbox.
        required.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, maxRequestSize);
        return required;
    }

    private Map<String, Object> consumerDefaults() {
        Map<String, Object> defaults = new LinkedHashMap<>();
        defaults.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 200);
        // A fetch waits for 2 KB of events (three to four of the benchmark's) or 30 ms, not for the first one: at a
        // moderate rate a poll then carries several dispatch rounds, whose events share its delivery transaction and
        // offset commit. On a quiet mesh a lone event so waits up to 30 ms longer.
        defaults.put(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, 2048);
        defaults.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 30);
        // Kafka's default (45 s) stalled every inbox for 45 s after a kill -9 in the chaos run.
        defaults.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, sessionTimeoutMillis);
        defaults.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, sessionTimeoutMillis / 3);
        return defaults;
    }

    private Map<String, Object> consumerRequired() {
        Map<String, Object> required = new LinkedHashMap<>();
        required.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        required.put(ConsumerConfig.GROUP_ID_CONFIG, consumerGroup);
        // Offsets are committed only after their deliveries' transactions (G3).
        required.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        // The topic is set up by the mesh (InboxTopic), with its partitions and replicas, never by a consumer.
        required.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);
        // The outbox publishes each round in a Kafka transaction: an aborted round is never delivered.
        required.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        // A new group starts at the first record: nothing published before it joined is skipped.
        required.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        return required;
    }

    private static Map<String, Object> adminDefaults() {
        Map<String, Object> defaults = new LinkedHashMap<>();
        // Every question the mesh asks waits 2 to 5 s on its own; the client's timeouts are its outer bound.
        defaults.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 5_000);
        defaults.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 3_000);
        // During an outage the client reconnects in the background and logs each failure: not every 50 ms.
        defaults.put(AdminClientConfig.RECONNECT_BACKOFF_MS_CONFIG, 1_000);
        defaults.put(AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, 10_000);
        return defaults;
    }
}
