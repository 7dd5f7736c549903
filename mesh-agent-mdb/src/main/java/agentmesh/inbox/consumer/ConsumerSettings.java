package agentmesh.inbox.consumer;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Duration;

/** The consumer's settings (MicroProfile Config; docs/CONFIGURATION.md documents each). */
@ApplicationScoped
public class ConsumerSettings {

    @Inject
    @ConfigProperty(name = "mesh.kafka.topic", defaultValue = "inbox.events")
    String topic;

    @Inject
    @ConfigProperty(name = "mesh.consumer.reactive-messaging", defaultValue = "false")
    boolean reactiveMessaging;

    @Inject
    @ConfigProperty(name = "mesh.consumer.threads", defaultValue = "6")
    int threads;

    @Inject
    @ConfigProperty(name = "mesh.consumer.max-attempts", defaultValue = "5")
    int maxAttempts;

    @Inject
    @ConfigProperty(name = "mesh.consumer.retry-backoff-ms", defaultValue = "500")
    long retryBackoffMillis;

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

    int maxAttempts() {
        return maxAttempts;
    }

    /** The wait before the n-th retry of a record: base × 2^(n-1), at most 30 s. */
    Duration backoff(int tries) {
        long millis = retryBackoffMillis << Math.min(Math.max(tries - 1, 0), 16);
        return Duration.ofMillis(Math.min(millis, 30_000));
    }
}
