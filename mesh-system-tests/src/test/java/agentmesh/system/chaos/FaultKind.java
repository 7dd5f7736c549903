package agentmesh.system.chaos;

import java.time.Duration;
import java.util.Arrays;
import java.util.stream.Collectors;

/** The faults a chaos run can inject; each name is how a schedule spells it. */
enum FaultKind {

    /** SIGKILL of the Payara server process, restarted at once: in-flight requests and transactions die. */
    PAYARA_KILL("payara-kill", "server", Duration.ZERO),
    /** SIGTERM of the Kafka broker; started again on the same data after the fault's length. */
    KAFKA_STOP("kafka-stop", "broker", Duration.ofSeconds(60)),
    /** SIGKILL of the Kafka broker; started again on the same data after the fault's length. */
    KAFKA_KILL("kafka-kill", "broker", Duration.ofSeconds(5)),
    /** The test fault switch: one consumer thread dies after a delivery's commit, before its offset commit. */
    CONSUMER_CRASH("consumer-crash", "consumer", Duration.ZERO),
    /** Every database connection of the mesh killed on the MariaDB side: the pool holds dead connections. */
    DB_CONNECTIONS("db-connections", "database", Duration.ZERO),
    /** The remote identity service answers too late (after the mesh's 3 s timeout) for the fault's length. */
    IDENTITY_TIMEOUT("identity-timeout", "identity", Duration.ofSeconds(20)),

    // Faults of the cluster topology (MESH_TOPOLOGY=cluster: three Kafka nodes, two instances behind a balancer).

    /** SIGKILL of the Kafka node that leads most of the inbox topic's partitions; started again after the length. */
    LEADER_KILL("leader-kill", "broker", Duration.ofSeconds(5), true),
    /** SIGTERM of one Kafka node (the last of the three) for the fault's length: two of three keep acks=all going. */
    BROKER_STOP("broker-stop", "broker", Duration.ofSeconds(60), true),
    /** SIGKILL of the second application instance behind the balancer, restarted at once. */
    INSTANCE_KILL("instance-kill", "instance", Duration.ZERO, true),
    /** SIGSTOP of the first application instance for the fault's length, then SIGCONT: a stall, not a crash. */
    INSTANCE_PAUSE("instance-pause", "instance", Duration.ofSeconds(20), true),
    /** Every database connection of the first instance killed on the MariaDB side; the second keeps its pool. */
    INSTANCE_DB_CONNECTIONS("instance-db-connections", "database", Duration.ZERO, true);

    private final String label;
    private final String part;
    private final Duration defaultLength;
    private final boolean clusterOnly;

    FaultKind(String label, String part, Duration defaultLength) {
        this(label, part, defaultLength, false);
    }

    FaultKind(String label, String part, Duration defaultLength, boolean clusterOnly) {
        this.label = label;
        this.part = part;
        this.defaultLength = defaultLength;
        this.clusterOnly = clusterOnly;
    }

    /** Whether the fault needs the cluster topology (several Kafka nodes or instances). */
    boolean clusterOnly() {
        return clusterOnly;
    }

    String label() {
        return label;
    }

    /** How long the fault lasts when a schedule does not say; zero for a fault that is over once it struck. */
    Duration defaultLength() {
        return defaultLength;
    }

    /** Whether both break the same part: the second would find it broken already, and be skipped. */
    boolean breaksSamePartAs(FaultKind other) {
        return part.equals(other.part);
    }

    static FaultKind of(String label) {
        return Arrays.stream(values())
                .filter(kind -> kind.label.equals(label))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown fault '" + label + "'; known: "
                        + Arrays.stream(values()).map(FaultKind::label).collect(Collectors.joining(", "))));
    }
}
