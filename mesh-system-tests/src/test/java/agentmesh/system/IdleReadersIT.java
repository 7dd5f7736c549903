package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.system.MeshClient.Agent;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A thousand connected agents that wait for their inboxes — half by Server-Sent Events, half by long poll — cost
 * the database nothing while nothing arrives, and one delivery wakes its own recipient's reader and no other.
 */
@ExtendWith(MeshStackExtension.class)
class IdleReadersIT {

    private static final int READERS = 1000;
    private static final Duration IDLE = Duration.ofSeconds(10);
    private static final int OPENING = 10;

    private final MeshClient mesh = MeshClient.forStack();
    private final URI base = MeshStackExtension.stack().config().baseUri();
    private final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Test
    void aThousandIdleReadersCostNoQueryAndOneDeliveryWakesOnlyItsRecipient() throws Exception {
        Agent sender = mesh.registerAgent("sender");
        List<Agent> agents = IntStream.range(0, READERS)
                .mapToObj(i -> mesh.registerAgent("idle" + i))
                .toList();
        List<SseClient> streams = new ArrayList<>();
        List<CompletableFuture<HttpResponse<String>>> polls = new ArrayList<>();
        try {
            for (int i = 0; i < READERS; i += 2) {
                streams.add(openStream(agents.get(i)));
            }
            // A few long polls at a time: all at once would be a burst past the server's admission.
            for (int i = 1; i < READERS; i += 2 * OPENING) {
                double reads = inboxReads();
                for (int j = i; j < Math.min(READERS, i + 2 * OPENING); j += 2) {
                    polls.add(openPoll(agents.get(j)));
                }
                await().atMost(Duration.ofSeconds(30)).until(() -> inboxReads() >= reads + OPENING);
            }
            await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(30)).until(new Steady()::holds);
            double readsBefore = inboxReads();
            long selectsBefore = comSelect();

            await().during(IDLE).atMost(IDLE.plusSeconds(5)).until(() -> inboxReads() == readsBefore);
            long idleSelects = comSelect() - selectsBefore;

            // What an idle mesh asks whatever the readers: the change feed's 30 a second (three queries every
            // 100 ms, for the other instances' changes) and the housekeeping's few — a fixed cost, a twentieth of
            // one query per reader a second.
            assertTrue(
                    idleSelects < IDLE.toSeconds() * 50,
                    idleSelects + " SELECTs in " + IDLE.toSeconds()
                            + " s with " + READERS + " readers waiting (one each a second would be "
                            + READERS * IDLE.toSeconds() + ")");
            assertTrue(polls.stream().noneMatch(CompletableFuture::isDone), "every long poll still waits");

            Agent recipient = agents.get(READERS / 2);
            mesh.allow(sender, recipient);
            String messageId = mesh.send(sender, MeshClient.textMessage(null, recipient, null, "only for you"))
                    .getString("messageId");
            SseClient.Event event =
                    streams.get(READERS / 4).take(1, Duration.ofSeconds(10)).get(0);

            assertTrue(event.data().contains(messageId), event::toString);
            // The recipient's stream is handed the event with its wake-up; it reads only if the change feed found
            // the commit first. Any other reader woken would read.
            await().during(Duration.ofSeconds(2))
                    .atMost(Duration.ofSeconds(5))
                    .until(() -> inboxReads() - readsBefore <= 1);
            assertEquals(0, streams.stream().mapToInt(s -> s.drain().size()).sum(), "no other stream got anything");
            assertTrue(polls.stream().noneMatch(CompletableFuture::isDone), "no long poll was answered");
        } finally {
            streams.forEach(SseClient::close);
            polls.forEach(poll -> poll.cancel(true));
        }
    }

    private SseClient openStream(Agent agent) throws Exception {
        SseClient stream = new SseClient(base.resolve("inbox/stream?after=0"), agent.token(), Optional.empty());
        assertEquals(200, stream.status());
        return stream;
    }

    private CompletableFuture<HttpResponse<String>> openPoll(Agent agent) {
        return http.sendAsync(
                HttpRequest.newBuilder(base.resolve("inbox?after=0&wait=60"))
                        .header("Authorization", "Bearer " + agent.token())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** True while the inbox reads counter does not move. */
    private static final class Steady {
        private double last = -1;

        boolean holds() {
            double now = inboxReads();
            boolean same = now == last;
            last = now;
            return same;
        }
    }

    private static double inboxReads() {
        return MeshMetrics.sum("agent_mesh_inbox_reads_total");
    }

    private static long comSelect() {
        return Long.parseLong(MeshDatabase.query("SHOW GLOBAL STATUS LIKE 'Com_select'")
                .get(0)
                .get(1)
                .toString());
    }
}
