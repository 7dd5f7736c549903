package agentmesh.inbox.consumer;

import agentmesh.kafka.KafkaSettings;
import agentmesh.retry.RetryPolicy;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The consumer's settings (MicroProfile Config; docs/CONFIGURATION.md documents each). */
@ApplicationScoped
public class ConsumerSettings {

    private static final Duration MAX_WAIT = Duration.ofSeconds(30);

    @Inject
    KafkaSettings kafka;

    // KafkaSettings's, read at start; set directly by the tests outside a container
    String topic;

    @Inject
    @ConfigProperty(name = "mesh.consumer.reactive-messaging", defaultValue = "false")
    boolean reactiveMessaging;

    @Inject
    @ConfigProperty(name = "mesh.consumer.threads", defaultValue = "2")
    int threads;

    @Inject
    @ConfigProperty(name = "mesh.consumer.max-attempts", defaultValue = "5")
    int maxAttempts;

    @Inject
    @ConfigProperty(name = "mesh.consumer.retry-backoff-ms", defaultValue = "500")
    long retryBackoffMillis;

    @PostConstruct
    void readTopic() {
        topic = kafka.topic();
    }

    String topic() {
        return topic;
    }

    /**
     * Whether the server's MicroProfile Reactive Messaging reads the topic (module {@code mesh-inbox-reactive}, on
     * WildFly) instead of this module's loops on the plain Kafka client: one consumer per server, never both.
     */
    boolean reactiveMessaging() {
        return reactiveMessaging;
    }

    /** Consumer loops on the plain Kafka client: {@code mesh.consumer.threads}, none where Reactive Messaging reads. */
    int threads() {
        return reactiveMessaging ? 0 : threads;
    }

    /**
     * A record's retries: {@code retry-backoff-ms} doubling with each failed try, at most 30 s; parked after
     * {@code max-attempts} failures of its own.
     */
    RetryPolicy retryPolicy() {
        Duration first = Duration.ofMillis(Math.max(1, retryBackoffMillis));
        return new RetryPolicy(first, first.compareTo(MAX_WAIT) > 0 ? first : MAX_WAIT, Math.max(1, maxAttempts));
    }
}
