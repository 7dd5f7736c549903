package agentmesh.inbox.consumer;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import agentmesh.inbox.control.DeadLetters;
import agentmesh.inbox.control.InboxDelivery;
import agentmesh.inbox.control.InboxMetrics;
import agentmesh.jdbc.Jdbc;
import agentmesh.system.incontainer.InContainerServer;
import agentmesh.system.incontainer.MeshDeployment;
import agentmesh.system.incontainer.MeshFixtures;
import agentmesh.testfaults.DeliveryFaults;
import jakarta.inject.Inject;
import jakarta.json.Json;
import java.io.StringReader;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import javax.sql.DataSource;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The inbox consumer's loop inside the server, on the container's transactions and the real database: records come
 * from Kafka's MockConsumer (so that the test chooses them, poison included, and sees the offsets committed), and go
 * through the loop's real transactional side. What the unit test {@code ConsumerLoopTest} can only assume about that
 * side is shown here: a failing batch leaves nothing behind, not even a used cursor; record by record, the records
 * before the poison are delivered; a redelivered batch adds nothing.
 */
@ExtendWith(InContainerServer.class)
@ExtendWith(ArquillianExtension.class)
@Tag("G3")
@Tag("G5")
class ConsumerInContainerIT {

    private static final String TOPIC = "incontainer.events";

    @Deployment
    static EnterpriseArchive mesh() {
        return MeshDeployment.withTestsInConsumerModule(ConsumerInContainerIT.class);
    }

    @Inject
    InboxDelivery delivery;

    @Inject
    DeadLetters deadLetters;

    @Inject
    DeliveryFaults faults;

    @Inject
    InboxMetrics metrics;

    private final TopicPartition p0 = new TopicPartition(TOPIC, 0);
    private final TopicPartition p1 = new TopicPartition(TOPIC, 1);
    private final MockConsumer<String, String> kafka = new MockConsumer<>("earliest");
    private final Map<TopicPartition, List<ConsumerRecord<String, String>>> log = new HashMap<>();
    private DataSource database;
    private ConsumerLoop loop;
    private String recipient;

    @BeforeEach
    void aLoopOnTwoPartitions() {
        database = MeshFixtures.database();
        recipient = "r-" + UUID.randomUUID().toString().substring(0, 8) + "@incontainer";
        ConsumerSettings settings = new ConsumerSettings();
        settings.topic = TOPIC;
        settings.maxAttempts = 2;
        settings.retryBackoffMillis = 100;
        loop = new ConsumerLoop(
                "incontainer",
                settings,
                () -> kafka,
                new ContainerDeliveries(delivery, deadLetters, faults, metrics),
                Clock.systemUTC());
        loop.subscribe(kafka);
        kafka.rebalance(List.of(p0, p1));
        kafka.updateBeginningOffsets(Map.of(p0, 0L, p1, 0L));
    }

    @Test
    void aBatchWithAPoisonRecordIsUndoneAndDeliveredRecordByRecordAroundTheParkedRecord() {
        String a = event("a");
        // An event the database refuses (its id too long for the column): it fails after the batch has written.
        String poison = event("b", "ev-" + "x".repeat(200));
        String c = event("c");
        add(p0, 0, a, poison, c);

        poll();

        assertEquals(List.of(eventId(a)), inbox(), "the batch was undone; record by record, a is in, c waits");
        assertEquals(1, committed(p0));
        // Polls go on, the partition paused for the poison's backoff, until its second failure parks it.
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            poll();
            return committed(p0) > 1;
        });

        assertEquals(List.of(eventId(a), eventId(c)), inbox());
        assertEquals(List.of(1L, 2L), cursors(), "the undone batch used no cursor");
        assertEquals(3, committed(p0));
        assertEquals(
                List.of(1L),
                Jdbc.query(
                        database,
                        "SELECT kafka_offset FROM dead_letter WHERE topic = ?" + " AND record_key = ?",
                        row -> row.getLong(1),
                        TOPIC,
                        recipient),
                "the poison record is parked");
    }

    @Test
    void aBatchDeliveredAgainAfterACrashBeforeItsOffsetCommitAddsNothing() {
        String a = event("a");
        String b = event("b");
        add(p0, 0, a, b);
        poll();
        add(p1, 0, a, b); // the same records again, as a consumer that took over the partition reads them

        poll();

        assertEquals(List.of(eventId(a), eventId(b)), inbox());
        assertEquals(List.of(1L, 2L), cursors());
        assertEquals(2, committed(p1), "duplicates are done with too");
    }

    private String event(String name) {
        return event(name, "ev-" + UUID.randomUUID());
    }

    private String event(String name, String eventId) {
        return Json.createObjectBuilder()
                .add("type", "message")
                .add("eventId", eventId)
                .add("messageId", "m-" + name)
                .add("taskId", "t-incontainer")
                .add("from", "incontainer")
                .add("to", recipient)
                .add("createdAt", Instant.now().toString())
                .build()
                .toString();
    }

    private static String eventId(String event) {
        return Json.createReader(new StringReader(event)).readObject().getString("eventId");
    }

    private void add(TopicPartition partition, long firstOffset, String... values) {
        for (int i = 0; i < values.length; i++) {
            log.computeIfAbsent(partition, p -> new ArrayList<>())
                    .add(new ConsumerRecord<>(TOPIC, partition.partition(), firstOffset + i, recipient, values[i]));
        }
    }

    // MockConsumer forgets what a poll returned; a broker keeps its log, so a consumer that seeks back reads it again.
    private void poll() {
        for (TopicPartition partition : kafka.assignment()) {
            long position = kafka.position(partition);
            log.getOrDefault(partition, List.of()).stream()
                    .filter(r -> r.offset() >= position)
                    .forEach(kafka::addRecord);
        }
        loop.pollOnce(kafka);
    }

    private long committed(TopicPartition partition) {
        OffsetAndMetadata offset = kafka.committed(Set.of(partition)).get(partition);
        return offset == null ? 0 : offset.offset();
    }

    private List<String> inbox() {
        return Jdbc.query(
                database,
                "SELECT event_id FROM inbox_event WHERE agent_id = ? ORDER BY cursor_no",
                row -> row.getString(1),
                recipient);
    }

    private List<Long> cursors() {
        return Jdbc.query(
                database,
                "SELECT cursor_no FROM inbox_event WHERE agent_id = ? ORDER BY cursor_no",
                row -> row.getLong(1),
                recipient);
    }
}
