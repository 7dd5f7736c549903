package agentmesh.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class KafkaNodesTest {

    private static final Path LIBS = Path.of("kafka-lib");

    @Test
    void aClustersNodesTakeEveryOtherPortAndVoteOnTheNextOnes() {
        KafkaNodes cluster = KafkaNodes.cluster(Path.of("state"), LIBS, 19092, Optional.empty(), false);

        assertEquals("127.0.0.1:19092,127.0.0.1:19094,127.0.0.1:19096", cluster.bootstrap());
        assertEquals(
                List.of(1, 2, 3),
                cluster.nodes().stream().map(KafkaBroker::nodeId).toList());
        List<String> second = cluster.nodes().get(1).serverSettings();
        assertTrue(second.contains("node.id=2"), second.toString());
        assertTrue(
                second.contains("controller.quorum.voters=1@127.0.0.1:19093,2@127.0.0.1:19095,3@127.0.0.1:19097"),
                second.toString());
        assertTrue(
                second.contains("listeners=PLAINTEXT://127.0.0.1:19094,CONTROLLER://127.0.0.1:19095"),
                second.toString());
    }

    @Test
    void aClusterReplicatesEverythingThreeTimesAndNeedsTwoInSync() {
        List<String> settings = KafkaNodes.cluster(Path.of("state"), LIBS, 19092, Optional.empty(), false)
                .nodes()
                .get(0)
                .serverSettings();

        assertTrue(
                settings.containsAll(List.of(
                        "default.replication.factor=3",
                        "min.insync.replicas=2",
                        "offsets.topic.replication.factor=3",
                        "transaction.state.log.replication.factor=3",
                        "transaction.state.log.min.isr=2")),
                settings.toString());
    }

    @Test
    void aSingleNodeIsItsOwnQuorumWithOneReplica() {
        KafkaNodes single = KafkaNodes.single(Path.of("kafka"), LIBS, 9092, Optional.empty(), false);

        List<String> settings = single.nodes().get(0).serverSettings();
        assertEquals("127.0.0.1:9092", single.bootstrap());
        assertTrue(
                settings.containsAll(List.of(
                        "node.id=1",
                        "controller.quorum.voters=1@127.0.0.1:9093",
                        "default.replication.factor=1",
                        "min.insync.replicas=1",
                        "transaction.state.log.min.isr=1",
                        "log.dirs=" + Path.of("kafka", "data"))),
                settings.toString());
    }

    @Test
    void aScramUserMakesTheClientListenerSaslAndLeavesTheControllerPlain() {
        var user = KafkaBroker.ScramUser.parse("mesh:se:cret");
        List<String> settings = KafkaNodes.single(Path.of("kafka"), LIBS, 9092, Optional.of(user), false)
                .nodes()
                .get(0)
                .serverSettings();

        assertEquals(new KafkaBroker.ScramUser("mesh", "se:cret"), user, "the password may hold a colon");
        assertTrue(
                settings.containsAll(List.of(
                        "listeners=SASL_PLAINTEXT://127.0.0.1:9092,CONTROLLER://127.0.0.1:9093",
                        "listener.security.protocol.map=SASL_PLAINTEXT:SASL_PLAINTEXT,CONTROLLER:PLAINTEXT",
                        "inter.broker.listener.name=SASL_PLAINTEXT",
                        "sasl.enabled.mechanisms=SCRAM-SHA-256",
                        "listener.name.sasl_plaintext.scram-sha-256.sasl.jaas.config="
                                + "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"mesh\""
                                + " password=\"se:cret\";")),
                settings.toString());
    }

    @Test
    void aScramSettingWithoutUserOrPasswordIsRefused() {
        for (String given : List.of("mesh", ":secret", "mesh:", "")) {
            assertThrows(StackException.class, () -> KafkaBroker.ScramUser.parse(given), given);
        }
    }
}
