package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.stack.MeshServer;
import agentmesh.system.MeshClient.Agent;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Two server instances on one database dispatch at once without reordering or duplicating anything, though their
 * clocks are an hour apart: the outbox's times are the database's; and a token rotated on one closes its streams on
 * both. The second instance is started once for the class (a start costs a minute), and its first test finds it
 * fresh.
 */
@ExtendWith(MeshStackExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TwoInstancesIT {

    private static final int RECIPIENTS = 20;
    private static final int PER_RECIPIENT = 100;

    private static MeshServer secondServer;

    private final MeshClient mesh = MeshClient.forStack();

    @BeforeAll
    static void startSecondServer() {
        secondServer = MeshStackExtension.stack().addServer(Map.of("MESH_TEST_CLOCK_OFFSET_SECONDS", "3600"));
    }

    @AfterAll
    static void stopSecondServer() {
        if (secondServer != null) {
            secondServer.close();
        }
    }

    /**
     * On an instance that has served no reader yet, the first wake-up comes on a thread of the consumer or the change
     * feed, not on an HTTP thread: what it needs must already be there (it was once made on first use, where the web
     * module's resources could not be looked up, and the wake-up was lost until the poll's wait ran out).
     */
    @Test
    @Order(1)
    void aLongPollOnAFreshInstanceIsWokenByTheFirstDelivery() throws Exception {
        MeshClient first = MeshClient.forStack();
        MeshClient second = new MeshClient(secondServer.baseUri());
        Agent sender = first.registerAgent("sender");
        Agent recipient = first.registerAgent("recipient");
        first.allow(sender, recipient);
        double looks = MeshMetrics.inboxLooks(secondServer);
        CompletableFuture<ApiResponse> poll = second.getAsync("inbox?after=0&wait=30", recipient.token());
        await().atMost(Duration.ofSeconds(10)).until(() -> MeshMetrics.inboxLooks(secondServer) > looks);

        String sent = first.send(sender, MeshClient.textMessage(null, recipient, null, "wake up"))
                .getString("messageId");
        ApiResponse answer = poll.get(15, TimeUnit.SECONDS);

        assertEquals(200, answer.status(), answer::toString);
        assertEquals(
                List.of(sent),
                Inbox.messageIds(answer.json().getJsonArray("events").getValuesAs(JsonObject.class)));
    }

    @Test
    @Order(2)
    @Tag("G2")
    @Tag("G3")
    void twoThousandEventsForTwentyRecipientsArriveInCommitOrderWithoutDuplicatesThoughTheClocksDiffer()
            throws Exception {
        MeshClient first = MeshClient.forStack();
        MeshClient second = new MeshClient(secondServer.baseUri());
        List<Agent> senders = new ArrayList<>();
        List<Agent> recipients = new ArrayList<>();
        for (int i = 0; i < RECIPIENTS; i++) {
            Agent sender = first.registerAgent("sender" + i);
            Agent recipient = first.registerAgent("recipient" + i);
            first.allow(sender, recipient);
            senders.add(sender);
            recipients.add(recipient);
        }

        ExecutorService pool = Executors.newFixedThreadPool(RECIPIENTS);
        Map<String, List<String>> expected = new LinkedHashMap<>();
        try {
            List<Callable<List<String>>> conversations = new ArrayList<>();
            for (int i = 0; i < RECIPIENTS; i++) {
                Agent sender = senders.get(i);
                Agent recipient = recipients.get(i);
                conversations.add(() -> {
                    // Alternate between the instances: each sends and each dispatches, one conversation over both.
                    List<String> sent = new ArrayList<>();
                    String task = null;
                    for (int n = 0; n < PER_RECIPIENT; n++) {
                        MeshClient via = n % 2 == 0 ? first : second;
                        var answer = via.send(sender, MeshClient.textMessage(null, recipient, task, "#" + n));
                        task = answer.getString("taskId");
                        sent.add(answer.getString("messageId"));
                    }
                    return sent;
                });
            }
            List<Future<List<String>>> results = pool.invokeAll(conversations);
            for (int i = 0; i < RECIPIENTS; i++) {
                expected.put(recipients.get(i).id(), results.get(i).get());
            }
        } finally {
            pool.shutdownNow();
        }

        Delivery.awaitExactly(expected, Duration.ofSeconds(120));
        assertEquals(
                RECIPIENTS * PER_RECIPIENT,
                expected.values().stream().mapToInt(List::size).sum());
        assertTrue(sentBy(MeshStackExtension.stack().server()) > 0, "the first instance dispatched");
        assertTrue(sentBy(secondServer) > 0, "the second instance dispatched");
    }

    /** The instance's own count of published events, from its /metrics. */
    private static double sentBy(MeshServer server) {
        return MeshMetrics.sum(server, "agent_mesh_outbox_dispatch_total", "result=\"sent\"");
    }

    /** {@link TokenRotationIT}'s bound, on the instance that rotated the token and on the other. */
    @Test
    @Order(3)
    void rotatingATokenClosesItsStreamsHereAndOnAnotherInstanceAndTheNewTokenReadsOn() throws Exception {
        Agent carol = mesh.registerAgent("carol");
        Agent dave = mesh.registerAgent("dave");
        mesh.allow(carol, dave);
        MeshClient there = new MeshClient(secondServer.baseUri());
        try (SseClient streamHere = TokenRotationIT.stream(TokenRotationIT.base(), carol.token());
                SseClient streamThere = TokenRotationIT.stream(secondServer.baseUri(), carol.token())) {
            assertEquals(200, streamHere.status());
            assertEquals(200, streamThere.status());
            mesh.send(dave, MeshClient.textMessage(null, carol, null, "before"));
            streamThere.take(1, Duration.ofSeconds(30));

            String newToken = mesh.post("admin/agents/" + carol.id() + "/token", MeshStackExtension.ADMIN_TOKEN, "")
                    .json()
                    .getString("token");

            assertTrue(streamHere.endsWithin(TokenRotationIT.BOUND), "the stream on the instance that rotated");
            assertTrue(streamThere.endsWithin(TokenRotationIT.BOUND), "the stream on the other instance");
            assertEquals(401, there.get("inbox", carol.token()).status());
            try (SseClient renewed = TokenRotationIT.stream(secondServer.baseUri(), newToken)) {
                assertEquals(200, renewed.status());
                mesh.send(dave, MeshClient.textMessage(null, carol, null, "after"));
                assertEquals(2, renewed.take(2, Duration.ofSeconds(30)).size());
            }
        }
    }
}
