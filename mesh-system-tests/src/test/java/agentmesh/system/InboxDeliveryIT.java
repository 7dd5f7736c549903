package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import agentmesh.system.MeshClient.Agent;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The consumer on the real server and broker: into the inbox exactly once, in order; redelivery; poison records. */
@ExtendWith(MeshStackExtension.class)
class InboxDeliveryIT {

    private final MeshClient mesh = MeshClient.forStack();

    @Test
    @Tag("G2")
    @Tag("G3")
    void fiveHundredMessagesOverSeveralTasksArriveOnceInCommitOrder() {
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        String[] tasks = new String[5];
        List<String> committed = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            int t = i % tasks.length;
            JsonObject sent = mesh.send(alice, MeshClient.textMessage(null, bob, tasks[t], "message " + i));
            tasks[t] = sent.getString("taskId");
            committed.add(sent.getString("messageId"));
        }

        List<JsonObject> inbox = Inbox.awaitAtLeast(mesh, bob, 500, Duration.ofSeconds(90));

        assertEquals(committed, Inbox.messageIds(inbox));
        Map<String, Integer> lastSeq = new HashMap<>();
        long lastCursor = 0;
        for (JsonObject event : inbox) {
            int seq = event.getInt("seq");
            Integer previous = lastSeq.put(event.getString("taskId"), seq);
            assertEquals(previous == null ? 1 : previous + 1, seq, "seq of " + event);
            long cursor = event.getJsonNumber("cursor").longValue();
            assertEquals(lastCursor + 1, cursor);
            lastCursor = cursor;
            assertEquals(alice.id(), event.getString("from"));
        }
    }

    @Test
    @Tag("G3")
    void aRecordRedeliveredAfterAConsumerCrashIsDroppedByTheDedupTable() {
        assumeOneInstance();
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        double dedupBefore = MeshMetrics.sum("agent_mesh_dedup_hit_total");
        assertEquals(
                204,
                mesh.post("admin/test-faults/consumer-crash", MeshStackExtension.ADMIN_TOKEN, "")
                        .status());

        List<String> sent = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            sent.add(mesh.send(alice, MeshClient.textMessage(null, bob, null, "after crash " + i))
                    .getString("messageId"));
        }

        await().atMost(Duration.ofSeconds(60)).until(() -> MeshMetrics.sum("agent_mesh_dedup_hit_total") > dedupBefore);
        List<JsonObject> inbox = Inbox.awaitAtLeast(mesh, bob, 3, Duration.ofSeconds(60));
        assertEquals(sent, Inbox.messageIds(inbox));
        assertEquals(3, MeshDatabase.count("SELECT COUNT(*) FROM inbox_event WHERE agent_id = ?", bob.id()));
    }

    @Test
    void aHeldConsumerDeliversNothingThatIsPublishedUntilReleasedThenAllInOrder() {
        assumeOneInstance();
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        List<String> sent = new ArrayList<>();
        assertEquals(
                204,
                mesh.put("admin/test-faults/consumer-hold", MeshStackExtension.ADMIN_TOKEN)
                        .status());
        try {
            for (int i = 0; i < 3; i++) {
                sent.add(mesh.send(alice, MeshClient.textMessage(null, bob, null, "held " + i))
                        .getString("messageId"));
            }
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> MeshDatabase.count(
                                    "SELECT COUNT(*) FROM outbox_event" + " WHERE event_key = ? AND status = 'SENT'",
                                    bob.id())
                            == 3);
            assertEquals(
                    0,
                    MeshDatabase.count("SELECT COUNT(*) FROM inbox_event WHERE agent_id = ?", bob.id()),
                    "delivered while held");
        } finally {
            assertEquals(
                    204,
                    mesh.delete("admin/test-faults/consumer-hold", MeshStackExtension.ADMIN_TOKEN)
                            .status());
        }

        assertEquals(sent, Inbox.messageIds(Inbox.awaitAtLeast(mesh, bob, 3, Duration.ofSeconds(60))));
    }

    @Test
    @Tag("G5")
    void aPoisonRecordEndsAsOneDeadLetterWhileLaterRecordsFlowAndReplayDeliversIt() {
        assumeOneInstance();
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        String poison = "m-poison-" + bob.id();
        assertEquals(
                204,
                mesh.put("admin/test-faults/delivery/" + poison, MeshStackExtension.ADMIN_TOKEN)
                        .status());

        String first = mesh.send(alice, MeshClient.textMessage(null, bob, null, "before"))
                .getString("messageId");
        mesh.send(alice, MeshClient.textMessage(poison, bob, null, "poison"));
        String last = mesh.send(alice, MeshClient.textMessage(null, bob, null, "after"))
                .getString("messageId");

        List<JsonObject> inbox = Inbox.awaitAtLeast(mesh, bob, 2, Duration.ofSeconds(60));
        assertEquals(List.of(first, last), Inbox.messageIds(inbox));
        List<List<Object>> parked = MeshDatabase.query(
                "SELECT id, attempts FROM dead_letter WHERE record_key = ? AND status = 'parked'", bob.id());
        assertEquals(1, parked.size());
        assertEquals(5, ((Number) parked.get(0).get(1)).intValue());
        long deadLetterId = ((Number) parked.get(0).get(0)).longValue();
        assertTrue(
                mesh
                        .get("admin/dead-letters", MeshStackExtension.ADMIN_TOKEN)
                        .json()
                        .getJsonArray("deadLetters")
                        .stream()
                        .anyMatch(d -> d.asJsonObject().getJsonNumber("id").longValue() == deadLetterId));
        JsonObject page = mesh.get(
                        "admin/dead-letters?cursor=" + (deadLetterId - 1) + "&limit=1", MeshStackExtension.ADMIN_TOKEN)
                .json();
        assertEquals(
                deadLetterId,
                page.getJsonArray("deadLetters")
                        .getJsonObject(0)
                        .getJsonNumber("id")
                        .longValue(),
                page::toString);
        long parkedBefore = mesh.get("admin/dead-letters/count", MeshStackExtension.ADMIN_TOKEN)
                .json()
                .getJsonNumber("count")
                .longValue();
        assertTrue(parkedBefore >= 1, () -> parkedBefore + " parked");

        assertEquals(
                204,
                mesh.delete("admin/test-faults/delivery/" + poison, MeshStackExtension.ADMIN_TOKEN)
                        .status());
        ApiResponse replay =
                mesh.post("admin/dead-letters/" + deadLetterId + "/replay", MeshStackExtension.ADMIN_TOKEN, "");
        ApiResponse again =
                mesh.post("admin/dead-letters/" + deadLetterId + "/replay", MeshStackExtension.ADMIN_TOKEN, "");

        assertEquals(202, replay.status(), replay::toString);
        assertEquals("delivered", replay.json().getString("outcome"));
        assertEquals(409, again.status(), again::toString);
        assertEquals(List.of(first, last, poison), Inbox.messageIds(Inbox.all(mesh, bob, 0)));
        assertEquals(
                parkedBefore - 1,
                mesh.get("admin/dead-letters/count", MeshStackExtension.ADMIN_TOKEN)
                        .json()
                        .getJsonNumber("count")
                        .longValue(),
                "the replayed letter is no longer parked");
    }

    @Test
    @Tag("G5")
    void aRecordThatIsNoEventIsParkedAndItsReplayIsRefusedWith409LeavingItParked() throws Exception {
        Agent bob = mesh.registerAgent("bob");
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        MeshStackExtension.stack().config().effectiveKafkaBootstrap()),
                new StringSerializer(),
                new StringSerializer())) {
            producer.send(new ProducerRecord<>(TopicReader.TOPIC, bob.id(), "{\"not\":\"an event\""))
                    .get();
        }
        await().atMost(Duration.ofSeconds(90))
                .until(() -> MeshDatabase.count(
                                "SELECT COUNT(*) FROM dead_letter WHERE record_key = ? AND status = 'parked'", bob.id())
                        == 1);
        long deadLetterId = ((Number) MeshDatabase.query("SELECT id FROM dead_letter WHERE record_key = ?", bob.id())
                        .get(0)
                        .get(0))
                .longValue();

        ApiResponse replay =
                mesh.post("admin/dead-letters/" + deadLetterId + "/replay", MeshStackExtension.ADMIN_TOKEN, "");

        assertEquals(409, replay.status(), replay::toString);
        assertTrue(
                replay.isProblem() && replay.json().getString("type").endsWith("dead-letter-undeliverable"),
                replay::toString);
        assertEquals(
                1,
                MeshDatabase.count(
                        "SELECT COUNT(*) FROM dead_letter WHERE id = ? AND status = 'parked'", deadLetterId));
        assertEquals(0, MeshDatabase.count("SELECT COUNT(*) FROM inbox_event WHERE agent_id = ?", bob.id()));
    }

    /** The test-fault switches crash, hold or fail one instance's consumer: behind a balancer, the other delivers. */
    private static void assumeOneInstance() {
        assumeTrue(MeshStackExtension.stack().balancer().isEmpty(), "the test-fault switch acts on one instance");
    }
}
