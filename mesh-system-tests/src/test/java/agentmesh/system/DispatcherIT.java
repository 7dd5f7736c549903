package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.system.MeshClient.Agent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The outbox dispatcher on the real server and broker: published once, keyed by recipient, in order. */
@ExtendWith(MeshStackExtension.class)
class DispatcherIT {

    private final MeshClient mesh = MeshClient.forStack();

    @Test
    @Tag("G3")
    void everySentMessageAppearsOnTheTopicOnceKeyedByItsRecipient() {
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        List<String> toBob = new ArrayList<>();
        List<String> toAlice = new ArrayList<>();
        String task = null;
        for (int i = 0; i < 15; i++) {
            var sent = mesh.send(alice, MeshClient.textMessage(null, bob, task, "ask " + i));
            task = sent.getString("taskId");
            toBob.add(sent.getString("messageId"));
            toAlice.add(mesh.send(bob, MeshClient.textMessage(null, alice, task, "answer " + i))
                    .getString("messageId"));
        }

        Delivery.awaitExactly(Map.of(bob.id(), toBob, alice.id(), toAlice), Duration.ofSeconds(30));
        assertEquals(
                30,
                MeshDatabase.count("SELECT COUNT(*) FROM outbox_event WHERE task_id = ? AND status = 'SENT'", task));
    }

    @Test
    @Tag("G2")
    @Tag("G5")
    void laterEventsOfARecipientWaitBehindAFailingOneWhileOthersFlow() {
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        Agent carol = mesh.registerAgent("carol");
        mesh.allow(alice, bob);
        mesh.allow(alice, carol);
        failPublishingFor(bob);
        List<String> toBob = sendSeries(alice, bob, 3);
        List<String> toCarol = sendSeries(alice, carol, 3);

        Delivery.awaitExactly(Map.of(carol.id(), toCarol), Duration.ofSeconds(30));
        await().atMost(Duration.ofSeconds(30)).until(() -> attempts(toBob.get(0)) >= 3);
        assertEquals(List.of(), Delivery.onTopic(List.of(bob.id())).get(bob.id()));
        assertEquals(0, attempts(toBob.get(1)), "the second event must not even be tried");
        assertEquals(0, attempts(toBob.get(2)));

        healPublishingFor(bob);
        Delivery.awaitExactly(Map.of(bob.id(), toBob), Duration.ofSeconds(30));
    }

    @Test
    @Tag("G5")
    void aDeadEventStopsHoldingItsRecipientAndAnAdminCanRetryIt() {
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        failPublishingFor(bob);
        List<String> toBob = sendSeries(alice, bob, 2);

        await().atMost(Duration.ofSeconds(90)).until(() -> "FAILED".equals(status(toBob.get(0))));
        healPublishingFor(bob);
        Delivery.awaitExactly(Map.of(bob.id(), toBob.subList(1, 2)), Duration.ofSeconds(30));
        long deadId = outboxId(toBob.get(0));
        ApiResponse failed = mesh.get("admin/outbox?status=failed", MeshStackExtension.ADMIN_TOKEN);
        assertTrue(
                failed.json().getJsonArray("events").stream()
                        .anyMatch(e -> e.asJsonObject().getJsonNumber("id").longValue() == deadId),
                failed::toString);
        // The same event through the dead-letter contract every store answers: a page after a cursor, a count.
        ApiResponse letters = mesh.get(
                "admin/outbox/dead-letters?cursor=" + (deadId - 1) + "&limit=1", MeshStackExtension.ADMIN_TOKEN);
        assertEquals(
                deadId,
                letters.json()
                        .getJsonArray("deadLetters")
                        .getJsonObject(0)
                        .getJsonNumber("id")
                        .longValue(),
                letters::toString);
        long dead = mesh.get("admin/outbox/dead-letters/count", MeshStackExtension.ADMIN_TOKEN)
                .json()
                .getJsonNumber("count")
                .longValue();
        assertTrue(dead >= 1, () -> dead + " dead events");

        ApiResponse retried =
                mesh.post("admin/outbox/dead-letters/" + deadId + "/replay", MeshStackExtension.ADMIN_TOKEN, "");
        ApiResponse again = mesh.post("admin/outbox/" + deadId + "/retry", MeshStackExtension.ADMIN_TOKEN, "");

        assertEquals(202, retried.status(), retried::toString);
        assertEquals("requeued", retried.json().getString("outcome"), retried::toString);
        assertEquals(409, again.status(), again::toString);
        // Replayed after the event that overtook it while it was dead: the documented price of unblocking.
        Delivery.awaitExactly(Map.of(bob.id(), List.of(toBob.get(1), toBob.get(0))), Duration.ofSeconds(30));
    }

    @Test
    void theMetricsCountWhatIsPublishedAndWhatWaits() {
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        // The gauge counts every waiting event: earlier tests' events drain first, or their draining would hide
        // this test's three.
        await().atMost(Duration.ofSeconds(60))
                .until(() -> MeshMetrics.sum("agent_mesh_outbox_events", "status=\"pending\"") == 0);
        double sentBefore = MeshMetrics.sum("agent_mesh_outbox_dispatch_total", "result=\"sent\"");
        double pendingBefore = 0;
        failPublishingFor(bob);

        List<String> waiting = sendSeries(alice, bob, 3);

        // Refreshed by the one-second sweep: the three events wait behind the failing first.
        await().atMost(Duration.ofSeconds(10))
                .until(() -> MeshMetrics.sum("agent_mesh_outbox_events", "status=\"pending\"") >= pendingBefore + 3);
        await().atMost(Duration.ofSeconds(10))
                .until(() -> MeshMetrics.sum("agent_mesh_outbox_oldest_pending_age_seconds", "") >= 1);
        healPublishingFor(bob);
        Delivery.awaitExactly(Map.of(bob.id(), waiting), Duration.ofSeconds(30));
        assertTrue(MeshMetrics.sum("agent_mesh_outbox_dispatch_total", "result=\"sent\"") >= sentBefore + 3);
        await().atMost(Duration.ofSeconds(10))
                .until(() -> MeshMetrics.sum("agent_mesh_outbox_events", "status=\"pending\"") <= pendingBefore);
        await().atMost(Duration.ofSeconds(10))
                .until(() -> MeshMetrics.sum("agent_mesh_outbox_oldest_pending_age_seconds", "") == 0);
    }

    private List<String> sendSeries(Agent from, Agent to, int count) {
        List<String> ids = new ArrayList<>();
        String task = null;
        for (int i = 0; i < count; i++) {
            var sent = mesh.send(from, MeshClient.textMessage(null, to, task, "#" + i));
            task = sent.getString("taskId");
            ids.add(sent.getString("messageId"));
        }
        return ids;
    }

    private void failPublishingFor(Agent recipient) {
        ApiResponse response = mesh.put("admin/test-faults/publish/" + recipient.id(), MeshStackExtension.ADMIN_TOKEN);
        assertEquals(204, response.status(), response::toString);
    }

    private void healPublishingFor(Agent recipient) {
        ApiResponse response =
                mesh.delete("admin/test-faults/publish/" + recipient.id(), MeshStackExtension.ADMIN_TOKEN);
        assertEquals(204, response.status(), response::toString);
    }

    private static Object outboxColumn(String column, String messageId) {
        return MeshDatabase.query(
                        "SELECT " + column + " FROM outbox_event WHERE payload LIKE ?",
                        "%\"messageId\":\"" + messageId + "\"%")
                .get(0)
                .get(0);
    }

    private static int attempts(String messageId) {
        return ((Number) outboxColumn("attempts", messageId)).intValue();
    }

    private static String status(String messageId) {
        return outboxColumn("status", messageId).toString();
    }

    private static long outboxId(String messageId) {
        return ((Number) outboxColumn("id", messageId)).longValue();
    }
}
