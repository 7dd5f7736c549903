package agentmesh.system.chaos;

import agentmesh.stack.StackConfig;
import agentmesh.system.MeshDatabase;
import agentmesh.system.TopicReader;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the database and the topic hold once a run has drained: the outbox by status with every event not sent, the
 * dead letters, each task's last seq, and how many records the topic holds more than once.
 */
record EndState(
        Map<String, Long> outboxByStatus,
        List<String> outboxUnsent,
        List<String> deadLetters,
        Map<String, Integer> lastSeqs,
        int topicRecords,
        int topicDuplicates) {

    /** Outbox events not published yet; read from the database, so also while the server is down. */
    static long pendingOutboxEvents(StackConfig config) {
        return MeshDatabase.count(config, "SELECT COUNT(*) FROM outbox_event WHERE status = 'PENDING'");
    }

    static EndState read(StackConfig config) {
        Map<String, Long> outboxByStatus = new LinkedHashMap<>(Map.of("PENDING", 0L, "FAILED", 0L));
        MeshDatabase.query(config, "SELECT status, COUNT(*) FROM outbox_event GROUP BY status")
                .forEach(row -> outboxByStatus.put((String) row.get(0), ((Number) row.get(1)).longValue()));
        List<String> unsent = MeshDatabase.query(
                        config,
                        "SELECT id, status, event_key, attempts, last_error"
                                + " FROM outbox_event WHERE status <> 'SENT' ORDER BY id")
                .stream()
                .map(row -> "event " + row.get(0) + " " + row.get(1) + " for " + row.get(2) + " after " + row.get(3)
                        + " attempts: " + row.get(4))
                .toList();
        List<String> deadLetters = MeshDatabase.query(
                        config,
                        "SELECT id, status, kafka_partition, kafka_offset,"
                                + " record_key, attempts, error FROM dead_letter ORDER BY id")
                .stream()
                .map(row -> "dead letter " + row.get(0) + " " + row.get(1) + " (partition " + row.get(2) + " offset "
                        + row.get(3) + ", for " + row.get(4) + ", " + row.get(5) + " attempts): " + row.get(6))
                .toList();
        Map<String, Integer> lastSeqs = new HashMap<>();
        MeshDatabase.query(config, "SELECT task_id, last_seq FROM task")
                .forEach(row -> lastSeqs.put((String) row.get(0), ((Number) row.get(1)).intValue()));
        List<TopicReader.Event> records = TopicReader.all(config.effectiveKafkaBootstrap());
        Set<String> distinct = new HashSet<>();
        records.forEach(
                record -> distinct.add(record.key() + " " + record.value().getString("eventId", record.messageId())));
        return new EndState(
                outboxByStatus, unsent, deadLetters, lastSeqs, records.size(), records.size() - distinct.size());
    }
}
