package agentmesh.client;

import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The mesh's state at a glance ({@code GET /admin/stats}): the outbox, the inbox consumer's lag, redeliveries
 * dropped, tasks by state, what the answering instance did, and its recent faults.
 *
 * @param tasksByState every task state by its wire name ({@code submitted}, {@code input-required} …), in the
 *                     mesh's order
 */
public record MeshStats(
        Outbox outbox,
        Consumer consumer,
        long dedupHits,
        Map<String, Long> tasksByState,
        Instance instance,
        List<Fault> recentFaults) {

    /**
     * Outbox events by status ({@code pending}, {@code failed}; sent ones are not counted) and the age of the oldest
     * waiting one (null when none waits).
     */
    public record Outbox(Map<String, Long> byStatus, Double oldestPendingAgeSeconds) {}

    /** The consumer group's lag, by partition and in all; {@code error} instead when Kafka did not answer. */
    public record Consumer(String group, Map<Integer, Long> lagByPartition, Long totalLag, String error) {}

    /** The answering instance since it started: events it published and delivered, send → inbox latency. */
    public record Instance(long dispatched, long delivered, double e2eLatencyP50Seconds, double e2eLatencyP99Seconds) {}

    /** A spell of one kind of fault: when it began, when it was last seen, how often. */
    public record Fault(String kind, String detail, Instant firstAt, Instant lastAt, long count) {}

    static MeshStats of(JsonObject json) {
        JsonObject outbox = object(json, "outbox");
        JsonObject consumer = object(json, "consumer");
        JsonObject instance = object(json, "instance");
        return new MeshStats(
                new Outbox(counts(outbox, "byStatus", Function.identity()), number(outbox, "oldestPendingAgeSeconds")),
                new Consumer(
                        Wire.optionalString(consumer, "group"),
                        counts(consumer, "lagByPartition", Integer::valueOf),
                        Wire.optionalLong(consumer, "totalLag"),
                        Wire.optionalString(consumer, "error")),
                json.getJsonNumber("dedupHits").longValue(),
                counts(json, "tasksByState", Function.identity()),
                new Instance(
                        instance.getJsonNumber("dispatched").longValue(),
                        instance.getJsonNumber("delivered").longValue(),
                        instance.getJsonNumber("e2eLatencyP50Seconds").doubleValue(),
                        instance.getJsonNumber("e2eLatencyP99Seconds").doubleValue()),
                Wire.list(
                        json,
                        "recentFaults",
                        fault -> new Fault(
                                fault.getString("kind"),
                                Wire.optionalString(fault, "detail"),
                                Wire.instant(fault, "firstAt"),
                                Wire.instant(fault, "lastAt"),
                                fault.getJsonNumber("count").longValue())));
    }

    private static JsonObject object(JsonObject json, String name) {
        JsonValue value = json.get(name);
        return value instanceof JsonObject object ? object : JsonValue.EMPTY_JSON_OBJECT;
    }

    private static Double number(JsonObject json, String name) {
        return json.get(name) instanceof JsonNumber number ? number.doubleValue() : null;
    }

    /** A JSON object of counts, in the mesh's order (partitions in number order); absent: empty. */
    private static <K> Map<K, Long> counts(JsonObject json, String name, Function<String, K> key) {
        Map<K, Long> counts = new LinkedHashMap<>();
        object(json, name).forEach((field, value) -> counts.put(key.apply(field), ((JsonNumber) value).longValue()));
        return Collections.unmodifiableMap(counts);
    }
}
