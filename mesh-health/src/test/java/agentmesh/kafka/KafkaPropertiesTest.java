package agentmesh.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class KafkaPropertiesTest {

    private static final Map<String, Object> DEFAULTS = Map.of("linger.ms", 0, "request.timeout.ms", 5000);
    private static final Map<String, Object> REQUIRED = Map.of("acks", "all", "bootstrap.servers", "b:9092");

    /** A configuration of dotted names and environment variables, as MicroProfile Config sees it. */
    private static KafkaProperties configured(Map<String, String> given) {
        Map<String, String> byDottedName = new LinkedHashMap<>();
        given.forEach((name, value) ->
                byDottedName.put(name.startsWith("MESH_") ? name.toLowerCase().replace('_', '.') : name, value));
        return KafkaProperties.from(given.keySet(), name -> Optional.ofNullable(byDottedName.get(name)));
    }

    @Test
    void aMeshKafkaPropertyReachesEveryClient() {
        KafkaProperties properties = configured(Map.of("mesh.kafka.security.protocol", "SASL_PLAINTEXT"));
        for (KafkaClient client : KafkaClient.values()) {
            assertEquals(
                    "SASL_PLAINTEXT",
                    properties.forClient(client, DEFAULTS, REQUIRED).get("security.protocol"),
                    client.name());
        }
    }

    @Test
    void anEnvironmentVariableNamesTheDottedProperty() {
        KafkaProperties properties = configured(
                Map.of("MESH_KAFKA_SASL_JAAS_CONFIG", "x required;", "MESH_KAFKA_CONSUMER_MAX_POLL_RECORDS", "50"));
        assertEquals(
                "x required;",
                properties.forClient(KafkaClient.ADMIN, DEFAULTS, REQUIRED).get("sasl.jaas.config"));
        assertEquals(
                "50",
                properties.forClient(KafkaClient.CONSUMER, DEFAULTS, REQUIRED).get("max.poll.records"));
        assertFalse(
                properties.forClient(KafkaClient.PRODUCER, DEFAULTS, REQUIRED).containsKey("max.poll.records"));
    }

    @Test
    void theMeshsOwnSettingsAndTheLaunchersVariablesAreNoClientProperties() {
        KafkaProperties properties = configured(Map.of(
                "mesh.kafka.bootstrap",
                "x:1",
                "mesh.kafka.topic",
                "t",
                "mesh.kafka.topic.partitions",
                "3",
                "mesh.kafka.max-message-bytes",
                "10",
                "MESH_KAFKA_TOPIC_REPLICATION_FACTOR",
                "3",
                "MESH_KAFKA_MAX_MESSAGE_BYTES",
                "10",
                "MESH_KAFKA_PORT",
                "19092",
                "MESH_KAFKA_BOOTSTRAP",
                "x:1"));
        for (KafkaClient client : KafkaClient.values()) {
            assertEquals(Map.of(), properties.operator(client), client.name());
        }
    }

    @Test
    void aClientsOwnPrefixWinsOverTheCommonOneAndReachesThatClientOnly() {
        KafkaProperties properties = configured(Map.of(
                "mesh.kafka.request.timeout.ms",
                "30000",
                "mesh.kafka.producer.request.timeout.ms",
                "20000",
                "mesh.kafka.admin.retries",
                "3"));
        assertEquals(
                "20000",
                properties.forClient(KafkaClient.PRODUCER, DEFAULTS, REQUIRED).get("request.timeout.ms"));
        assertEquals(
                "30000",
                properties.forClient(KafkaClient.CONSUMER, DEFAULTS, REQUIRED).get("request.timeout.ms"));
        assertEquals(
                "3", properties.forClient(KafkaClient.ADMIN, DEFAULTS, REQUIRED).get("retries"));
        assertFalse(
                properties.forClient(KafkaClient.CONSUMER, DEFAULTS, REQUIRED).containsKey("retries"));
    }

    @Test
    void theMeshsDefaultsStandWhereTheOperatorSaysNothing() {
        Map<String, Object> producer =
                configured(Map.of("mesh.kafka.linger.ms", "5")).forClient(KafkaClient.PRODUCER, DEFAULTS, REQUIRED);
        assertEquals("5", producer.get("linger.ms"));
        assertEquals(5000, producer.get("request.timeout.ms"));
        assertEquals("all", producer.get("acks"));
    }

    @Test
    void aPropertyThatContradictsARequiredSettingIsRefusedByItsName() {
        KafkaProperties properties = configured(Map.of("mesh.kafka.producer.acks", "1"));
        IllegalStateException refused = assertThrows(
                IllegalStateException.class, () -> properties.forClient(KafkaClient.PRODUCER, DEFAULTS, REQUIRED));
        assertTrue(refused.getMessage().contains("mesh.kafka.producer.acks"), refused.getMessage());
        assertTrue(refused.getMessage().contains("acks=all"), refused.getMessage());
    }

    @Test
    void aRequiredSettingGivenAsTheMeshNeedsItIsNoContradiction() {
        Map<String, Object> producer =
                configured(Map.of("mesh.kafka.acks", "ALL")).forClient(KafkaClient.PRODUCER, DEFAULTS, REQUIRED);
        assertEquals("all", producer.get("acks"));
    }
}
