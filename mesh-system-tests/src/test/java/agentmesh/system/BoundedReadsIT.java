package agentmesh.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.system.MeshClient.Agent;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every read is bounded by bytes as well as by count (2 MiB a page by default, at least one item): a task filled
 * with large messages and artifacts is read in pages that end early, and following the cursors yields everything,
 * in order, once; a stream goes on past a page cut by its bytes.
 */
@ExtendWith(MeshStackExtension.class)
class BoundedReadsIT {

    private static final int PAGE_BYTES = 2 * 1024 * 1024;
    private static final int ITEM_CHARS = 900_000;

    private final MeshClient mesh = MeshClient.forStack();
    private Agent alice;
    private Agent bob;
    private String task;

    @BeforeEach
    void aTaskWithFiveLargeMessagesAndThreeLargeArtifacts() {
        alice = mesh.registerAgent("alice");
        bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        task = mesh.send(alice, MeshClient.textMessage("m-1", bob, null, large('1')))
                .getString("taskId");
        for (int i = 2; i <= 5; i++) {
            mesh.send(alice, MeshClient.textMessage("m-" + i, bob, task, large((char) ('0' + i))));
        }
        for (int i = 1; i <= 3; i++) {
            ApiResponse artifact = mesh.post(
                    "tasks/" + task + "/artifacts",
                    bob.token(),
                    Json.createObjectBuilder()
                            .add("artifactId", "a-" + i)
                            .add("name", "part " + i)
                            .add(
                                    "parts",
                                    Json.createArrayBuilder()
                                            .add(Json.createObjectBuilder()
                                                    .add("kind", "text")
                                                    .add("text", large('a'))))
                            .build()
                            .toString());
            assertEquals(201, artifact.status(), artifact::toString);
        }
    }

    @Test
    void theInboxIsReadInPagesOfAtMostTheBudgetAndTheCursorsYieldEveryEventOnce() {
        Inbox.awaitAtLeast(mesh, bob, 5, Duration.ofSeconds(60));
        List<String> messageIds = new ArrayList<>();
        long cursor = 0;
        int pages = 0;
        while (true) {
            ApiResponse page = Inbox.page(mesh, bob, cursor);
            assertEquals(200, page.status(), page::toString);
            assertTrue(
                    page.body().getBytes(StandardCharsets.UTF_8).length < PAGE_BYTES + 64 * 1024,
                    page.body().length() + " characters in one page");
            List<JsonObject> events = page.json().getJsonArray("events").getValuesAs(JsonObject.class);
            if (events.isEmpty()) {
                break;
            }
            pages++;
            assertTrue(events.size() <= 2, events.size() + " events of 900 kB in one page");
            events.forEach(event -> messageIds.add(event.getString("messageId")));
            cursor = page.json().getJsonNumber("nextCursor").longValue();
        }

        assertEquals(List.of("m-1", "m-2", "m-3", "m-4", "m-5"), messageIds);
        assertEquals(3, pages);
    }

    @Test
    void aStreamSendsABacklogLargerThanAPageWhole() throws Exception {
        Inbox.awaitAtLeast(mesh, bob, 5, Duration.ofSeconds(60));

        try (SseClient stream = new SseClient(
                MeshStackExtension.stack().config().baseUri().resolve("inbox/stream?after=0"),
                bob.token(),
                Optional.empty())) {
            assertEquals(200, stream.status());
            List<SseClient.Event> events = stream.take(5, Duration.ofSeconds(30));

            assertEquals(
                    List.of("m-1", "m-2", "m-3", "m-4", "m-5"),
                    events.stream()
                            .map(e -> Json.createReader(new StringReader(e.data()))
                                    .readObject()
                                    .getString("messageId"))
                            .toList());
        }
    }

    @Test
    void aTaskShowsItsNewestHistoryAndFirstArtifactsWithinTheBudgetAndPagesTheRest() {
        JsonObject view = mesh.read("tasks/" + task, alice.token()).json();

        assertEquals(
                List.of(4, 5),
                view.getJsonArray("history").stream()
                        .map(m -> m.asJsonObject().getInt("seq"))
                        .toList());
        assertEquals(
                List.of("a-1", "a-2"),
                view.getJsonArray("artifacts").stream()
                        .map(a -> a.asJsonObject().getString("artifactId"))
                        .toList());
        long next = view.getJsonNumber("artifactsNextCursor").longValue();

        JsonObject rest = mesh.read("tasks/" + task + "/artifacts?after=" + next, alice.token())
                .json();
        assertEquals(
                List.of("a-3"),
                rest.getJsonArray("artifacts").stream()
                        .map(a -> a.asJsonObject().getString("artifactId"))
                        .toList());
        assertFalse(rest.containsKey("nextCursor") && !rest.isNull("nextCursor"), "no artifact follows the last");

        List<Integer> seqs = new ArrayList<>();
        long after = 0;
        for (int page = 0; page < 10; page++) {
            JsonObject messages = mesh.read("tasks/" + task + "/messages?after=" + after, bob.token())
                    .json();
            List<Integer> batch = messages.getJsonArray("messages").stream()
                    .map(m -> m.asJsonObject().getInt("seq"))
                    .toList();
            if (batch.isEmpty()) {
                break;
            }
            assertTrue(batch.size() <= 2, batch + " in one page");
            seqs.addAll(batch);
            after = messages.getJsonNumber("nextCursor").longValue();
        }
        assertEquals(List.of(1, 2, 3, 4, 5), seqs);
    }

    @Test
    void pagedTaskReadsAreForTheTasksTwoAgentsAndRefuseBadCursors() {
        Agent outsider = mesh.registerAgent("outsider");

        assertEquals(
                403, mesh.get("tasks/" + task + "/messages", outsider.token()).status());
        assertEquals(
                403, mesh.get("tasks/" + task + "/artifacts", outsider.token()).status());
        assertEquals(404, mesh.get("tasks/no-such-task/messages", alice.token()).status());
        for (String query : List.of("after=-1", "after=x", "limit=0", "limit=201", "after=99999999999999999999")) {
            ApiResponse answer = mesh.get("tasks/" + task + "/messages?" + query, alice.token());
            assertEquals(400, answer.status(), query + " → " + answer);
            assertTrue(answer.isProblem());
        }
    }

    private static String large(char fill) {
        return String.valueOf(fill).repeat(ITEM_CHARS);
    }
}
