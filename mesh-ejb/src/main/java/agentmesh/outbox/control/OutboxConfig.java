package agentmesh.outbox.control;

import agentmesh.kafka.KafkaSettings;
import agentmesh.retry.RetryPolicy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The dispatcher's settings (MicroProfile Config; docs/CONFIGURATION.md documents each). */
@ApplicationScoped
public class OutboxConfig {

    @Inject
    KafkaSettings kafka;

    @Inject
    @ConfigProperty(name = "mesh.kafka.topic.partitions", defaultValue = "12")
    int partitions;

    @Inject
    @ConfigProperty(name = "mesh.kafka.topic.replication-factor", defaultValue = "1")
    short replicationFactor;

    @Inject
    @ConfigProperty(name = "mesh.kafka.max-message-bytes", defaultValue = "2097152")
    int maxMessageBytes;

    @Inject
    @ConfigProperty(name = "mesh.outbox.transactional-id")
    Optional<String> transactionalId;

    @Inject
    @ConfigProperty(name = "mesh.outbox.batch-size", defaultValue = "500")
    int batchSize;

    @Inject
    @ConfigProperty(name = "mesh.outbox.linger-ms", defaultValue = "25")
    long lingerMillis;

    @Inject
    @ConfigProperty(name = "mesh.outbox.backoff-base-ms", defaultValue = "5000")
    long backoffBaseMillis;

    @Inject
    @ConfigProperty(name = "mesh.outbox.backoff-max-ms", defaultValue = "300000")
    long backoffMaxMillis;

    @Inject
    @ConfigProperty(name = "mesh.outbox.max-attempts", defaultValue = "10")
    int maxAttempts;

    @Inject
    @ConfigProperty(name = "mesh.outbox.sent-retention-minutes", defaultValue = "1440")
    long sentRetentionMinutes;

    @Inject
    @ConfigProperty(name = "mesh.outbox.purge-batch-size", defaultValue = "5000")
    int purgeBatchSize;

    public String topic() {
        return kafka.topic();
    }

    public int partitions() {
        return partitions;
    }

    public short replicationFactor() {
        return replicationFactor;
    }

    /**
     * The outbox producer's Kafka transactional id: unique per server instance, the same across its restarts. By
     * default made of the host's name and the server instance's directory, which is both.
     */
    public String transactionalId() {
        return transactionalId.orElseGet(() -> "mesh-outbox-" + hostName() + "-"
                + Integer.toHexString(instanceDirectory().hashCode()));
    }

    // Payara's instance root, WildFly's base directory, else the working directory: two WildFly instances started
    // from one directory had the same id, and each one's producer fenced the other's.
    static String instanceDirectory() {
        return System.getProperty(
                "com.sun.aas.instanceRoot",
                System.getProperty("jboss.server.base.dir", System.getProperty("user.dir")));
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    /**
     * The largest event the mesh accepts (its JSON and its key, in bytes): a write whose event is larger is refused
     * with 413, so everything accepted can be published. 2 MiB by default, so any request body under the HTTP cap
     * (1 MiB) fits with its envelope.
     */
    public int maxMessageBytes() {
        return maxMessageBytes;
    }

    /**
     * What the producer may send in one request and the topic may hold in one record batch: the largest event plus
     * room for Kafka's own framing. Both are set from {@link #maxMessageBytes()}, so they cannot disagree.
     */
    public int maxRecordBytes() {
        return maxMessageBytes + 64 * 1024;
    }

    public int batchSize() {
        return batchSize;
    }

    /**
     * The least time from one dispatch round's start to the next one's: under load, the events committed meanwhile
     * share a round (one read, one Kafka transaction) and reach the consumers together; after a quiet spell a round
     * starts at once.
     */
    public Duration linger() {
        return Duration.ofMillis(lingerMillis);
    }

    /** Refused publishes: {@code backoff-base-ms} doubling to {@code backoff-max-ms}; dead after {@code max-attempts}. */
    public RetryPolicy retryPolicy() {
        return new RetryPolicy(Duration.ofMillis(backoffBaseMillis), Duration.ofMillis(backoffMaxMillis), maxAttempts);
    }

    public Duration sentRetention() {
        return Duration.ofMinutes(sentRetentionMinutes);
    }

    public int purgeBatchSize() {
        return purgeBatchSize;
    }
}
