package agentmesh.kafka;

/** The kinds of Kafka client the mesh makes, each with a configuration prefix of its own under {@code mesh.kafka.}. */
public enum KafkaClient {
    /** The outbox's transactional producer. */
    PRODUCER,
    /** The inbox's consumers (the plain loops on Payara, Reactive Messaging's channel on WildFly). */
    CONSUMER,
    /** The admin clients: readiness, the topic's set-up and check, the consumer lag. */
    ADMIN;

    /** {@code producer.}, {@code consumer.} or {@code admin.}: the prefix of settings for this client alone. */
    String prefix() {
        return name().toLowerCase() + ".";
    }
}
