package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import agentmesh.stack.KafkaBroker;
import agentmesh.system.MeshClient.Agent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Sends are accepted while Kafka is down or the server crashes; everything is published afterwards, in order. */
@ExtendWith(MeshStackExtension.class)
class KafkaOutageIT {

    private final MeshClient mesh = MeshClient.forStack();

    @Test
    @Tag("G2")
    @Tag("G4")
    void sendsDuringABrokerOutageArePublishedInOrderOnceItIsBack() {
        Conversation conversation = new Conversation(mesh, 3);
        KafkaBroker broker = MeshStackExtension.stack().kafka().orElseThrow();
        double outagesSeen = MeshMetrics.sum("agent_mesh_outbox_broker_unavailable_total");
        broker.stop();
        try {
            conversation.send(10);
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> MeshMetrics.sum("agent_mesh_outbox_broker_unavailable_total") > outagesSeen);
            assertEquals(0, conversation.attemptsCounted(), "an unreachable broker is not the events' fault");
            assertEquals(30, Delivery.pendingFor(conversation.expected().keySet()), "all events stay pending");
        } finally {
            broker.start();
        }
        Delivery.awaitExactly(conversation.expected(), Duration.ofSeconds(90));
    }

    @Test
    @Tag("G4")
    void eventsCommittedBeforeAServerCrashArePublishedAfterItRestarts() {
        Conversation conversation = new Conversation(mesh, 3);
        KafkaBroker broker = MeshStackExtension.stack().kafka().orElseThrow();
        broker.stop(); // so that the events are surely still pending when the server dies
        try {
            conversation.send(5);
            MeshStackExtension.stack().server().kill();
            MeshStackExtension.stack().server().restart();
        } finally {
            broker.start();
        }
        Delivery.awaitExactly(conversation.expected(), Duration.ofSeconds(90));
    }

    @Test
    @Tag("G2")
    @Tag("G3")
    @Tag("G4")
    void aBrokerKilledWhileARecipientsRunIsPublishedLosesNothingRepeatsNothingAndKeepsTheOrder() {
        Conversation conversation = new Conversation(mesh, 1);
        String recipient = conversation.expected().keySet().iterator().next();
        KafkaBroker broker = MeshStackExtension.stack().kafka().orElseThrow();
        assertEquals(
                204,
                mesh.put("admin/test-faults/publish/" + recipient, MeshStackExtension.ADMIN_TOKEN)
                        .status());
        conversation.send(1000); // a run of a thousand events waits behind the failing first

        assertEquals(
                204,
                mesh.delete("admin/test-faults/publish/" + recipient, MeshStackExtension.ADMIN_TOKEN)
                        .status());
        await().atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(10))
                .until(() -> Delivery.pendingFor(List.of(recipient)) < 1000);
        broker.kill();
        broker.start();

        await().atMost(Duration.ofSeconds(120))
                .pollInterval(Duration.ofSeconds(1))
                .until(() -> conversation.inboxOf(recipient).size() >= 1000);
        assertEquals(conversation.expected().get(recipient), conversation.inboxOf(recipient));
    }

    /** One sender talking to several recipients, each in a task of its own; remembers the commit order. */
    static final class Conversation {
        private final MeshClient mesh;
        private final Agent sender;
        private final List<Agent> recipients = new ArrayList<>();
        private final Map<String, String> tasks = new LinkedHashMap<>();
        private final Map<String, List<String>> expected = new LinkedHashMap<>();

        Conversation(MeshClient mesh, int recipientCount) {
            this.mesh = mesh;
            this.sender = mesh.registerAgent("sender");
            for (int i = 0; i < recipientCount; i++) {
                Agent recipient = mesh.registerAgent("recipient" + i);
                mesh.allow(sender, recipient);
                recipients.add(recipient);
                expected.put(recipient.id(), new ArrayList<>());
            }
        }

        /** Sends {@code rounds} messages to every recipient, one at a time: each 201 is a commit, in this order. */
        void send(int rounds) {
            for (int round = 0; round < rounds; round++) {
                for (Agent recipient : recipients) {
                    var sent = mesh.send(
                            sender,
                            MeshClient.textMessage(null, recipient, tasks.get(recipient.id()), "round " + round));
                    tasks.put(recipient.id(), sent.getString("taskId"));
                    expected.get(recipient.id()).add(sent.getString("messageId"));
                }
            }
        }

        Map<String, List<String>> expected() {
            return expected;
        }

        /** The message ids in the recipient's inbox, in inbox order. */
        List<String> inboxOf(String recipientId) {
            Agent recipient = recipients.stream()
                    .filter(r -> r.id().equals(recipientId))
                    .findFirst()
                    .orElseThrow();
            return Inbox.messageIds(Inbox.all(mesh, recipient, 0));
        }

        long attemptsCounted() {
            return sum("SELECT COALESCE(SUM(attempts), 0) FROM outbox_event WHERE event_key = ?");
        }

        private long sum(String perRecipient) {
            long sum = 0;
            for (String recipient : expected.keySet()) {
                sum += MeshDatabase.count(perRecipient, recipient);
            }
            return sum;
        }
    }
}
