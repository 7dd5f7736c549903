package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import agentmesh.system.MeshClient.Agent;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The agents' receive API: long poll, Server-Sent Events with resume, ack. */
@ExtendWith(MeshStackExtension.class)
class ReceiveIT {

    private final MeshClient mesh = MeshClient.forStack();
    private final URI base = MeshStackExtension.stack().config().baseUri();
    private Agent alice;
    private Agent bob;

    @BeforeEach
    void twoAgents() {
        alice = mesh.registerAgent("alice");
        bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
    }

    /**
     * The delivery's commit wakes the waiting poll. Without that wake-up the poll would still be answered, by the
     * once-a-second sweep, anywhere up to a second after delivery; five answers each within 300 ms of their
     * delivery would then happen by chance less than once in 400 runs.
     */
    @Test
    void aLongPollIsAnsweredWithinMillisecondsOfTheDeliveryNotAtTheNextSweep() throws Exception {
        long cursor = 0;
        for (int round = 0; round < 5; round++) {
            long after = cursor;
            double looks = MeshMetrics.inboxLooks();
            CompletableFuture<Answered> poll = CompletableFuture.supplyAsync(
                    () -> new Answered(mesh.get("inbox?after=" + after + "&wait=30", bob.token()), Instant.now()));
            await().atMost(Duration.ofSeconds(10)).until(() -> MeshMetrics.inboxLooks() > looks);

            String sent = mesh.send(alice, MeshClient.textMessage(null, bob, null, "wake up"))
                    .getString("messageId");
            Answered answered = poll.get(30, TimeUnit.SECONDS);

            assertEquals(200, answered.response().status(), answered.response()::toString);
            List<JsonObject> events =
                    answered.response().json().getJsonArray("events").getValuesAs(JsonObject.class);
            assertEquals(List.of(sent), Inbox.messageIds(events));
            Duration afterDelivery =
                    Duration.between(Instant.parse(events.get(0).getString("deliveredAt")), answered.at());
            assertTrue(
                    afterDelivery.compareTo(Duration.ofMillis(300)) < 0,
                    "answered " + afterDelivery.toMillis() + " ms after the delivery");
            cursor = answered.response().json().getJsonNumber("nextCursor").longValue();
        }
    }

    private record Answered(ApiResponse response, Instant at) {}

    @Test
    void aLongPollWithNothingToSayAnswersAnEmptyPageAtTheEndOfItsWait() {
        ApiResponse answer = mesh.get("inbox?after=0&wait=1", bob.token());

        assertEquals(200, answer.status(), answer::toString);
        assertEquals(0, answer.json().getJsonArray("events").size());
        assertEquals(0, answer.json().getJsonNumber("nextCursor").longValue());
    }

    @Test
    @Tag("G2")
    @Tag("G3")
    void aStreamDeliversInOrderAndAReconnectWithLastEventIdMissesNothingAndRepeatsNothing() throws Exception {
        List<String> firstHalf = send(5, "first");
        List<SseClient.Event> seen;
        try (SseClient stream = new SseClient(base.resolve("inbox/stream?after=0"), bob.token(), Optional.empty())) {
            assertEquals(200, stream.status());
            seen = new ArrayList<>(stream.take(5, Duration.ofSeconds(30)));
            List<String> secondHalf = send(3, "second");
            seen.addAll(stream.take(3, Duration.ofSeconds(30)));
            firstHalf.addAll(secondHalf);
        }
        assertEquals(firstHalf, messageIds(seen));
        assertEquals(
                IntStream.rangeClosed(1, 8).mapToObj(Integer::toString).toList(),
                seen.stream().map(SseClient.Event::id).toList());
        assertTrue(seen.stream().allMatch(e -> e.name().equals("message")));

        List<String> whileAway = send(4, "while away");
        try (SseClient resumed = new SseClient(base.resolve("inbox/stream"), bob.token(), Optional.of("8"))) {
            List<SseClient.Event> rest = resumed.take(4, Duration.ofSeconds(30));
            List<String> afterReconnect = send(1, "after reconnect");
            rest.addAll(resumed.take(1, Duration.ofSeconds(30)));

            whileAway.addAll(afterReconnect);
            assertEquals(whileAway, messageIds(rest));
            assertEquals(
                    List.of("9", "10", "11", "12", "13"),
                    rest.stream().map(SseClient.Event::id).toList());
            assertEquals(List.of(), resumed.drain());
        }
    }

    /**
     * A reader that keeps up is handed what this instance delivered with the wake-up: each event reaches the stream
     * and the long poll as a read of the inbox gives it, and neither reads it back. One read may still happen (the
     * change feed can find a commit a moment before its delivery's own signal); without the hand-over each event
     * costs one.
     */
    @Test
    void readersThatKeepUpAreHandedTheDeliveredEventsWithoutReadingThemBack() throws Exception {
        assumeTrue(
                MeshStackExtension.stack().balancer().isEmpty(),
                "the delivering instance hands its events over; through the balancer a reader may be on another");
        List<JsonObject> streamed = new ArrayList<>();
        double readsBefore = MeshMetrics.sum("agent_mesh_inbox_reads_total");
        try (SseClient stream = new SseClient(base.resolve("inbox/stream?after=0"), bob.token(), Optional.empty())) {
            assertEquals(200, stream.status());
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> MeshMetrics.sum("agent_mesh_inbox_reads_total") > readsBefore);
            double readsOpened = MeshMetrics.sum("agent_mesh_inbox_reads_total");
            for (int i = 0; i < 5; i++) {
                send(1, "handed " + i);
                stream.take(1, Duration.ofSeconds(30)).forEach(event -> streamed.add(json(event.data())));
            }
            assertTrue(
                    MeshMetrics.sum("agent_mesh_inbox_reads_total") - readsOpened <= 1,
                    "five events streamed with at most one read");
        }
        assertEquals(
                mesh.get("inbox?after=0", bob.token()).json().getJsonArray("events"),
                Json.createArrayBuilder(streamed).build());

        double looksBeforePoll = MeshMetrics.inboxLooks();
        CompletableFuture<ApiResponse> poll = mesh.getAsync("inbox?after=5&wait=30", bob.token());
        await().atMost(Duration.ofSeconds(10)).until(() -> MeshMetrics.inboxLooks() > looksBeforePoll);
        double readsWaiting = MeshMetrics.sum("agent_mesh_inbox_reads_total");
        send(1, "handed to the poll");
        ApiResponse polled = poll.get(30, TimeUnit.SECONDS);

        assertEquals(200, polled.status(), polled::toString);
        assertEquals(
                mesh.get("inbox?after=5", bob.token()).json().getJsonArray("events"),
                polled.json().getJsonArray("events"));
        assertEquals(1, polled.json().getJsonArray("events").size());
        assertTrue(MeshMetrics.sum("agent_mesh_inbox_reads_total") - readsWaiting <= 1, "answered without a read");

        // Polls that come back from where the last answer ended find nothing without reading, and still get the next
        // event (the first may read: a change feed's signal during a read keeps the server from trusting it).
        long end = polled.json().getJsonNumber("nextCursor").longValue();
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            double before = MeshMetrics.sum("agent_mesh_inbox_reads_total");
            ApiResponse again = mesh.get("inbox?after=" + end, bob.token());
            return again.json().getJsonArray("events").isEmpty()
                    && again.json().getJsonNumber("nextCursor").longValue() == end
                    && MeshMetrics.sum("agent_mesh_inbox_reads_total") == before;
        });
        double looksBeforeNext = MeshMetrics.inboxLooks();
        CompletableFuture<ApiResponse> next = mesh.getAsync("inbox?after=" + end + "&wait=30", bob.token());
        await().atMost(Duration.ofSeconds(10)).until(() -> MeshMetrics.inboxLooks() > looksBeforeNext);
        send(1, "to a poll that did not read");
        JsonArray woken = next.get(30, TimeUnit.SECONDS).json().getJsonArray("events");
        assertEquals(1, woken.size());
        assertEquals(mesh.get("inbox?after=" + end, bob.token()).json().getJsonArray("events"), woken);
    }

    @Test
    void afterAnAckAReaderWithoutACursorResumesAfterIt() throws Exception {
        List<String> sent = send(4, "ack");
        Inbox.awaitAtLeast(mesh, bob, 4, Duration.ofSeconds(30));

        assertEquals(204, mesh.post("inbox/ack", bob.token(), "{\"cursor\":2}").status());
        assertEquals(204, mesh.post("inbox/ack", bob.token(), "{\"cursor\":1}").status()); // never backwards
        ApiResponse resumed = mesh.get("inbox", bob.token());

        assertEquals(
                sent.subList(2, 4),
                Inbox.messageIds(resumed.json().getJsonArray("events").getValuesAs(JsonObject.class)));
        try (SseClient stream = new SseClient(base.resolve("inbox/stream"), bob.token(), Optional.empty())) {
            assertEquals(sent.subList(2, 4), messageIds(stream.take(2, Duration.ofSeconds(30))));
        }
        ApiResponse beyond = mesh.post("inbox/ack", bob.token(), "{\"cursor\":99}");
        assertEquals(400, beyond.status(), beyond::toString);
    }

    @Test
    void anAgentCannotReadAnotherAgentsInboxAndBadValuesAreRefused() {
        assertEquals(403, mesh.get("inbox?agentId=" + alice.id(), bob.token()).status());
        assertEquals(401, mesh.get("inbox", null).status());
        assertEquals(403, mesh.get("inbox", MeshStackExtension.ADMIN_TOKEN).status());
        for (String query : List.of(
                "after=-1",
                "after=x",
                "limit=0",
                "limit=501",
                "limit=ten",
                "wait=61",
                "wait=-5",
                "after=99999999999999999999")) {
            ApiResponse answer = mesh.get("inbox?" + query, bob.token());
            assertEquals(400, answer.status(), query + " → " + answer);
            assertTrue(answer.isProblem(), answer::toString);
        }
        for (String body : List.of("{}", "{\"cursor\":-1}", "{\"cursor\":\"3\"}", "{\"cursor\":1.5}", "[1]", "")) {
            ApiResponse answer = mesh.post("inbox/ack", bob.token(), body);
            assertEquals(400, answer.status(), body + " → " + answer);
            assertTrue(answer.isProblem(), answer::toString);
        }
    }

    @Test
    void twoHundredIdleLongPollsDoNotStopOtherRequests() throws Exception {
        HttpClient http =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        List<CompletableFuture<HttpResponse<String>>> idle = new ArrayList<>();
        Map<Agent, List<CompletableFuture<HttpResponse<String>>>> pollsOf = new LinkedHashMap<>();
        // Twenty-five agents with eight polls each (an agent's most: mesh.inbox.max-waits-per-agent), forty at a time:
        // two hundred at once would be a burst past the server's admission (a 503 for some).
        for (int wave = 0; wave < 5; wave++) {
            double looks = MeshMetrics.inboxLooks();
            for (int agent = 0; agent < 5; agent++) {
                Agent poller = mesh.registerAgent("poller");
                mesh.allow(alice, poller);
                for (int i = 0; i < 8; i++) {
                    CompletableFuture<HttpResponse<String>> poll = http.sendAsync(
                            HttpRequest.newBuilder(base.resolve("inbox?after=0&wait=25"))
                                    .header("Authorization", "Bearer " + poller.token())
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
                    idle.add(poll);
                    pollsOf.computeIfAbsent(poller, p -> new ArrayList<>()).add(poll);
                }
            }
            await().atMost(Duration.ofSeconds(10)).until(() -> MeshMetrics.inboxLooks() >= looks + 40);
        }
        try {
            Agent carol = mesh.registerAgent("carol");
            mesh.allow(alice, carol);
            String sent = mesh.send(alice, MeshClient.textMessage(null, carol, null, "still served"))
                    .getString("messageId");
            List<JsonObject> carolsInbox = Inbox.awaitAtLeast(mesh, carol, 1, Duration.ofSeconds(20));

            assertEquals(List.of(sent), Inbox.messageIds(carolsInbox));
            assertTrue(idle.stream().noneMatch(CompletableFuture::isDone), "the long polls should still be waiting");

            for (Map.Entry<Agent, List<CompletableFuture<HttpResponse<String>>>> polls : pollsOf.entrySet()) {
                String sentToIt = mesh.send(alice, MeshClient.textMessage(null, polls.getKey(), null, "for all"))
                        .getString("messageId");
                for (CompletableFuture<HttpResponse<String>> poll : polls.getValue()) {
                    HttpResponse<String> answer = poll.get(30, TimeUnit.SECONDS);
                    assertEquals(200, answer.statusCode(), answer::body);
                    assertTrue(answer.body().contains(sentToIt), answer::body);
                }
            }
        } finally {
            idle.forEach(poll -> poll.cancel(true));
        }
    }

    private List<String> send(int count, String text) {
        List<String> ids = new ArrayList<>();
        String task = null;
        for (int i = 0; i < count; i++) {
            JsonObject sent = mesh.send(alice, MeshClient.textMessage(null, bob, task, text + " " + i));
            task = sent.getString("taskId");
            ids.add(sent.getString("messageId"));
        }
        return ids;
    }

    private static List<String> messageIds(List<SseClient.Event> events) {
        return events.stream().map(e -> json(e.data()).getString("messageId")).toList();
    }

    private static JsonObject json(String text) {
        return Json.createReader(new StringReader(text)).readObject();
    }
}
