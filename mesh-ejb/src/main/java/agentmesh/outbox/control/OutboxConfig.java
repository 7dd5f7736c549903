package agentmesh.outbox.control;

import agentmesh.outbox.entity.RetryPolicy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Duration;

/** The dispatcher's settings (MicroProfile Config; the README's configuration table documents each). */
@ApplicationScoped
public class OutboxConfig {

    @Inject
    @ConfigProperty(name = "mesh.kafka.bootstrap", defaultValue = "127.0.0.1:9092")
    String bootstrap;

    @Inject
    @ConfigProperty(name = "mesh.kafka.topic", defaultValue = "inbox.events")
    String topic;

    @Inject
    @ConfigProperty(name = "mesh.kafka.topic.partitions", defaultValue = "12")
    int partitions;

    @Inject
    @ConfigProperty(name = "mesh.kafka.topic.replication-factor", defaultValue = "1")
    short replicationFactor;

    @Inject
    @ConfigProperty(name = "mesh.outbox.batch-size", defaultValue = "50")
    int batchSize;

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
    @ConfigProperty(name = "mesh.outbox.purge-batch-size", defaultValue = "500")
    int purgeBatchSize;

    public String bootstrap() {
        return bootstrap;
    }

    public String topic() {
        return topic;
    }

    public int partitions() {
        return partitions;
    }

    public short replicationFactor() {
        return replicationFactor;
    }

    public int batchSize() {
        return batchSize;
    }

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
