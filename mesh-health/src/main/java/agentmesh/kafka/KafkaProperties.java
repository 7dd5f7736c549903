package agentmesh.kafka;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * The Kafka client properties an operator gives through MicroProfile Config: every {@code mesh.kafka.<property>}
 * for all three clients, {@code mesh.kafka.producer.<property>}, {@code .consumer.} or {@code .admin.} for one
 * (winning over the former), e.g. {@code mesh.kafka.security.protocol=SASL_PLAINTEXT}, or as environment variables
 * {@code MESH_KAFKA_SECURITY_PROTOCOL}. The names under {@code mesh.kafka.} that are the mesh's own settings
 * ({@code bootstrap}, {@code topic…}, {@code max-message-bytes}) are not client properties.
 *
 * <p>An environment variable's name says {@code _} for both {@code .} and {@code -}; Kafka's client properties are
 * dotted lower-case words (no client property has a {@code -} or {@code _}), so {@code MESH_KAFKA_SASL_JAAS_CONFIG}
 * is {@code sasl.jaas.config}. Only variables that so name a property the Kafka clients know are taken: the launcher's
 * own ({@code MESH_KAFKA_PORT}) are not for the clients. The value is read under the dotted name, so MicroProfile
 * Config's own order decides when a name is given both ways (a system property over an environment variable).
 *
 * <p>A client's properties are assembled in three layers: the mesh's defaults, then the operator's properties, then
 * the settings the mesh's guarantees rest on ({@code acks=all}, transactions, {@code read_committed}, …). An operator
 * property that contradicts one of those is refused: {@link #forClient} throws, and the application does not start.
 */
public final class KafkaProperties {

    private static final String PREFIX = "mesh.kafka.";
    private static final String ENVIRONMENT_PREFIX = "MESH_KAFKA_";
    /** Every property the producer, consumer and admin clients know. */
    private static final Set<String> KNOWN = Stream.of(
                    ProducerConfig.configNames(), ConsumerConfig.configNames(), AdminClientConfig.configNames())
            .flatMap(Set::stream)
            .collect(Collectors.toUnmodifiableSet());

    private final Map<String, String> common;
    private final Map<KafkaClient, Map<String, String>> perClient;

    private KafkaProperties(Map<String, String> common, Map<KafkaClient, Map<String, String>> perClient) {
        this.common = common;
        this.perClient = perClient;
    }

    /**
     * The operator's properties among the configuration's names.
     *
     * @param names every property name the configuration knows (dotted names and environment variables alike)
     * @param value the configuration's value of a dotted name
     */
    public static KafkaProperties from(Iterable<String> names, Function<String, Optional<String>> value) {
        Map<String, String> common = new TreeMap<>();
        Map<KafkaClient, Map<String, String>> perClient = new EnumMap<>(KafkaClient.class);
        for (KafkaClient client : KafkaClient.values()) {
            perClient.put(client, new TreeMap<>());
        }
        for (String dotted : kafkaNames(names)) {
            String property = dotted.substring(PREFIX.length());
            if (meshOwn(property)) {
                continue;
            }
            value.apply(dotted).ifPresent(given -> {
                for (KafkaClient client : KafkaClient.values()) {
                    if (property.startsWith(client.prefix())) {
                        perClient
                                .get(client)
                                .put(property.substring(client.prefix().length()), given);
                        return;
                    }
                }
                common.put(property, given);
            });
        }
        return new KafkaProperties(common, perClient);
    }

    private static TreeSet<String> kafkaNames(Iterable<String> names) {
        TreeSet<String> dotted = new TreeSet<>();
        for (String name : names) {
            if (name.startsWith(PREFIX) && name.length() > PREFIX.length()) {
                dotted.add(name);
            } else if (name.startsWith(ENVIRONMENT_PREFIX) && name.equals(name.toUpperCase(Locale.ROOT))) {
                String property = name.substring(ENVIRONMENT_PREFIX.length())
                        .toLowerCase(Locale.ROOT)
                        .replace('_', '.');
                if (KNOWN.contains(withoutClientPrefix(property))) {
                    dotted.add(PREFIX + property);
                }
            }
        }
        return dotted;
    }

    private static String withoutClientPrefix(String property) {
        for (KafkaClient client : KafkaClient.values()) {
            if (property.startsWith(client.prefix())) {
                return property.substring(client.prefix().length());
            }
        }
        return property;
    }

    /** The mesh's own settings under {@code mesh.kafka.}, in either spelling (dotted from the environment). */
    private static boolean meshOwn(String property) {
        return property.equals("bootstrap")
                || property.equals("topic")
                || property.startsWith("topic.")
                || property.equals("max-message-bytes")
                || property.equals("max.message.bytes");
    }

    /**
     * A client's properties: the mesh's defaults, overridden by the operator's, then the mesh's required settings.
     *
     * @throws IllegalStateException naming the configuration properties that contradict a required setting
     */
    public Map<String, Object> forClient(KafkaClient client, Map<String, ?> defaults, Map<String, ?> required) {
        Map<String, Object> properties = new LinkedHashMap<>(defaults);
        Map<String, String> operator = operator(client);
        properties.putAll(operator);
        List<String> contradictions = required.entrySet().stream()
                .filter(setting -> operator.containsKey(setting.getKey()))
                .filter(setting -> !operator.get(setting.getKey()).equalsIgnoreCase(String.valueOf(setting.getValue())))
                .map(setting -> nameOf(client, setting.getKey()) + " (the mesh needs " + setting.getKey() + "="
                        + setting.getValue() + ")")
                .toList();
        if (!contradictions.isEmpty()) {
            throw new IllegalStateException("Kafka " + client.name().toLowerCase(Locale.ROOT)
                    + " settings the mesh cannot run with: " + String.join(", ", contradictions));
        }
        properties.putAll(required);
        return properties;
    }

    /** The operator's properties for a client (the common ones and the client's own), without the mesh's. */
    public Map<String, String> operator(KafkaClient client) {
        Map<String, String> properties = new TreeMap<>(common);
        properties.putAll(perClient.get(client));
        return properties;
    }

    private String nameOf(KafkaClient client, String property) {
        return PREFIX + (perClient.get(client).containsKey(property) ? client.prefix() : "") + property;
    }
}
