package agentmesh.stack;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The stack's Kafka: one node, or ({@code MESH_TOPOLOGY=cluster}) three, each broker and controller, on loopback
 * ports {@code MESH_KAFKA_PORT}, +2, +4 (their controllers on the next port each) and directories
 * {@code kafka-1}…{@code kafka-3}. Three nodes replicate every topic three times with {@code min.insync.replicas=2}:
 * one node may be lost with nothing acknowledged lost and every partition still writable.
 */
public final class KafkaNodes implements AutoCloseable {

    static final int CLUSTER_SIZE = 3;

    private final List<KafkaBroker> nodes;

    private KafkaNodes(List<KafkaBroker> nodes) {
        this.nodes = nodes;
    }

    static KafkaNodes single(Path home, Path libs, int port, Optional<KafkaBroker.ScramUser> scram, boolean fresh) {
        return new KafkaNodes(List.of(new KafkaBroker(home, libs, KafkaBroker.Node.alone(port), scram, fresh)));
    }

    static KafkaNodes cluster(
            Path stateDir, Path libs, int firstPort, Optional<KafkaBroker.ScramUser> scram, boolean fresh) {
        String voters = IntStream.rangeClosed(1, CLUSTER_SIZE)
                .mapToObj(id -> id + "@127.0.0.1:" + (port(firstPort, id) + 1))
                .collect(Collectors.joining(","));
        return new KafkaNodes(IntStream.rangeClosed(1, CLUSTER_SIZE)
                .mapToObj(id -> new KafkaBroker(
                        stateDir.resolve("kafka-" + id),
                        libs,
                        new KafkaBroker.Node(id, port(firstPort, id), voters, CLUSTER_SIZE),
                        scram,
                        fresh))
                .toList());
    }

    /** The client port of node {@code id} (from 1). */
    static int port(int firstPort, int id) {
        return firstPort + 2 * (id - 1);
    }

    /** Every node's client address, {@code 127.0.0.1:9092,…}. */
    public String bootstrap() {
        return nodes.stream().map(KafkaBroker::bootstrap).collect(Collectors.joining(","));
    }

    public List<KafkaBroker> nodes() {
        return nodes;
    }

    /**
     * Starts every node and waits until each accepts connections. A cluster's nodes are all launched first: none
     * serves before a quorum of controllers has elected a leader. Nodes formatted before keep their cluster's id.
     */
    public void start() {
        String clusterId = nodes.stream()
                .map(KafkaBroker::clusterId)
                .flatMap(Optional::stream)
                .findFirst()
                .orElseGet(KafkaBroker::randomClusterId);
        nodes.forEach(node -> node.launch(clusterId));
        nodes.forEach(KafkaBroker::awaitReady);
    }

    @Override
    public void close() {
        nodes.forEach(KafkaBroker::close);
    }
}
