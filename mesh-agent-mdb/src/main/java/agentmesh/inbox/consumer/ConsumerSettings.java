package agentmesh.inbox.consumer;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import agentmesh.retry.RetryPolicy;

import java.time.Duration;

/** The consumer's settings (MicroProfile Config; docs/CONFIGURATION.md documents each). */
@ApplicationScoped
public class ConsumerSettings {

    private static final Duration MAX_WAIT = Duration.ofSeconds(30);

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


    /**
     * How long the group waits for a consumer that stopped heart-beating before giving its partitions to others.
     * After a server crash its partitions wait this long: a joining consumer's rebalance waits for the dead members
     * to time out. Kafka's default (45 s) stalled every inbox for 45 s after a kill -9 in the chaos run.
     */
    int sessionTimeoutMillis() {
        return sessionTimeoutMillis;
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
