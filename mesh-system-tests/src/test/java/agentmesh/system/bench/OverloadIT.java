package agentmesh.system.bench;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.system.Inbox;
import agentmesh.system.MeshClient;
import agentmesh.system.MeshStackExtension;
import jakarta.json.JsonObject;
import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Far more sends than the server admits, for a few seconds — 2,000 a second offered over 200 connections, against
 * the server's 32 places and 64 waiting — : every answer is a 201, a 429 or a 503 with Retry-After, with no dropped
 * connection and no timeout; every 201 is delivered exactly once; agents reading their inboxes meanwhile are served,
 * not refused (the inbox has places of its own); and afterwards the server answers as before.
 */
@ExtendWith(MeshStackExtension.class)
class OverloadIT {

    private static final int RATE = 2_000;
    private static final int CONNECTIONS = 200;
    private static final Duration LOAD = Duration.ofSeconds(5);
    private static final int READERS = 4;

    @Test
    void pastCapacityTheMeshRefusesAtOnceDeliversWhatItAdmittedOnceAndRecovers() {
        URI base = MeshStackExtension.stack().config().baseUri();
        MeshClient mesh = MeshClient.forStack();
        BenchAgents agents = BenchAgents.register(mesh, 20);
        StepRecorder flood = new StepRecorder(1, RATE, (int) (RATE * LOAD.toSeconds()));
        AtomicBoolean flooding = new AtomicBoolean(true);
        Map<Integer, Long> readAnswers = new ConcurrentHashMap<>();
        List<CompletableFuture<Void>> readers = IntStream.range(0, READERS)
                .mapToObj(i -> pollWhile(flooding, mesh, mesh.registerAgent("overload-reader"), readAnswers))
                .toList();

        try (OpenLoopSender sender = new OpenLoopSender(base, agents, 0.1, CONNECTIONS)) {
            sender.offer(flood);
            await().atMost(OpenLoopSender.REQUEST_TIMEOUT.plusSeconds(10))
                    .until(() -> flood.accepted()
                                    + flood.errors().values().stream()
                                            .mapToLong(Long::longValue)
                                            .sum()
                            >= flood.planned);
        }
        flooding.set(false);
        CompletableFuture.allOf(readers.toArray(CompletableFuture[]::new)).join();

        Map<String, Long> errors = flood.errors();
        assertTrue(
                errors.keySet().stream().allMatch(cause -> cause.startsWith("429 ") || cause.startsWith("503 ")),
                () -> "answers other than 201, 429 and 503: " + errors);
        assertTrue(errors.keySet().stream().noneMatch(cause -> cause.contains("WITHOUT")), errors::toString);
        assertTrue(
                errors.getOrDefault("503 over-capacity", 0L) > 0,
                () -> "the server admitted everything: " + flood.accepted() + " of " + flood.planned + " (" + errors
                        + ")");
        assertTrue(flood.accepted() > 0, "the server admitted nothing");
        assertEquals(
                Set.of(200), readAnswers.keySet(), () -> "inbox reads during the flood, by status: " + readAnswers);
        assertTrue(readAnswers.get(200) >= 2L * READERS, () -> "too few reads during the flood: " + readAnswers);

        Map<String, Integer> delivered = deliveredBenchMessages(mesh, agents, flood.accepted());
        assertEquals(flood.accepted(), delivered.size(), "admitted messages delivered");
        assertTrue(delivered.values().stream().allMatch(count -> count == 1), "a message delivered twice");

        BenchAgents.Member someone = agents.get(0);
        JsonObject after =
                mesh.send(someone.agent(), MeshClient.textMessage(null, someone.partner(), null, "after the flood"));
        assertTrue(after.containsKey("messageId"), after::toString);
    }

    // Long polls of one second, one after the other, for as long as the flood lasts; counts the answers by status.
    private static CompletableFuture<Void> pollWhile(
            AtomicBoolean on, MeshClient mesh, MeshClient.Agent reader, Map<Integer, Long> answers) {
        return mesh.getAsync("inbox?wait=1", reader.token()).thenCompose(answer -> {
            answers.merge(answer.status(), 1L, Long::sum);
            return on.get() ? pollWhile(on, mesh, reader, answers) : CompletableFuture.completedFuture(null);
        });
    }

    // Every benchmark message in the agents' inboxes, once as many as were admitted are there, with how often each is.
    private static Map<String, Integer> deliveredBenchMessages(MeshClient mesh, BenchAgents agents, int admitted) {
        Map<String, Integer> counts = new HashMap<>();
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofSeconds(1))
                .until(() -> {
                    counts.clear();
                    for (BenchAgents.Member member : agents.all()) {
                        Inbox.all(mesh, member.agent(), 0).stream()
                                .map(event -> event.getString("messageId", ""))
                                .filter(id -> BenchMessageId.parse(id) != null)
                                .forEach(id -> counts.merge(id, 1, Integer::sum));
                    }
                    return counts.size() >= admitted;
                });
        return counts;
    }
}
