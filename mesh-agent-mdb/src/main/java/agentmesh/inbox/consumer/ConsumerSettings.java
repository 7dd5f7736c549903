package agentmesh.inbox.consumer;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Duration;

/** The consumer's settings (MicroProfile Config; docs/CONFIGURATION.md documents each). */
@ApplicationScoped
public class ConsumerSettings {

    @Inject
    @ConfigProperty(name = "mesh.kafka.bootstrap", defaultValue = "127.0.0.1:9092")
    String bootstrap;

    @Inject
    @ConfigProperty(name = "mesh.kafka.topic", defaultValue = "inbox.events")
    String topic;

    @Inject
    @ConfigProperty(name = "mesh.consumer.group", defaultValue = "mesh-inbox")
    String group;

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
    @ConfigProperty(name = "mesh.consumer.session-timeout-ms", defaultValue = "10000")
    int sessionTimeoutMillis;

    @Inject
    @ConfigProperty(name = "mesh.consumer.retry-backoff-ms", defaultValue = "500")
    long retryBackoffMillis;

    String bootstrap() {
        return bootstrap;
    }

    String topic() {
        return topic;
    }

    String group() {
        return group;
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

    /**
     * How long the group waits for a consumer that stopped heart-beating before giving its partitions to others.
     * After a server crash its partitions wait this long: a joining consumer's rebalance waits for the dead members
     * to time out. Kafka's default (45 s) stalled every inbox for 45 s after a kill -9 in the chaos run.
     */
    int sessionTimeoutMillis() {
        return sessionTimeoutMillis;
    }

    /** The wait before the n-th retry of a record: base × 2^(n-1), at most 30 s. */
    Duration backoff(int tries) {
        long millis = retryBackoffMillis << Math.min(Math.max(tries - 1, 0), 16);
        return Duration.ofMillis(Math.min(millis, 30_000));
    }
}
