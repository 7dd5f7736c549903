package agentmesh.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.system.MeshClient.Agent;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The send path on the real server: one transaction for task, message and outbox event; idempotent replays. */
@ExtendWith(MeshStackExtension.class)
class SendPathIT {

    private final MeshClient mesh = MeshClient.forStack();
    private Agent alice;
    private Agent bob;

    @BeforeEach
    void twoAgentsWhoMayTalk() {
        alice = mesh.registerAgent("alice");
        bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
    }

    @Test
    @Tag("G4")
    void sendStoresTheMessageAndItsOutboxEventForTheRecipient() {
        JsonObject sent = mesh.send(alice, MeshClient.textMessage(null, bob, null, "Please review PR 42"));

        String messageId = sent.getString("messageId");
        assertTrue(
                messageId.matches("m-" + java.util.regex.Pattern.quote(alice.id()) + "-\\d+-[a-z0-9]{8}"), messageId);
        assertEquals(1, sent.getInt("seq"));
        List<List<Object>> message = MeshDatabase.query(
                "SELECT task_id, seq, sender, recipient, role FROM task_message WHERE message_id = ?", messageId);
        assertEquals(List.of(List.of(sent.getString("taskId"), 1, alice.id(), bob.id(), "user")), message);
        List<List<Object>> events = MeshDatabase.query(
                "SELECT event_key, event_type, payload FROM outbox_event WHERE task_id = ?", sent.getString("taskId"));
        assertEquals(1, events.size());
        assertEquals(List.of(bob.id(), "message"), events.get(0).subList(0, 2));
        assertTrue(events.get(0).get(2).toString().contains("\"messageId\":\"" + messageId + "\""));
    }

    @Test
    @Tag("G4")
    void failureAfterTheMessageInsertLeavesNeitherMessageNorEvent() {
        Map<String, Long> before = MeshDatabase.rowCounts();

        ApiResponse response = mesh.post(
                "messages",
                alice.token(),
                MeshClient.textMessage("m-fault-" + alice.id(), bob, null, "doomed"),
                Map.of("X-Mesh-Fault", "after-message-insert"));

        assertEquals(500, response.status(), response::toString);
        assertTrue(response.isProblem(), response::toString);
        assertEquals(before, MeshDatabase.rowCounts());
    }

    @Test
    @Tag("G1")
    void sameMessageIdTwiceStoresOneMessageAndAnswersWithTheOriginal() {
        String body = MeshClient.textMessage("m-replay-" + alice.id(), bob, null, "once only");
        ApiResponse first = mesh.post("messages", alice.token(), body);
        Map<String, Long> afterFirst = MeshDatabase.rowCounts();

        ApiResponse replay = mesh.post("messages", alice.token(), body);

        assertEquals(201, first.status(), first::toString);
        assertEquals(200, replay.status(), replay::toString);
        assertEquals(first.json(), replay.json());
        assertEquals(afterFirst, MeshDatabase.rowCounts());
        assertEquals(
                1,
                MeshDatabase.count("SELECT COUNT(*) FROM task_message WHERE message_id = ?", "m-replay-" + alice.id()));
    }

    @Test
    @Tag("G1")
    void sameMessageIdWithOtherContentIsAConflict() {
        String messageId = "m-conflict-" + alice.id();
        mesh.send(alice, MeshClient.textMessage(messageId, bob, null, "original"));
        Map<String, Long> before = MeshDatabase.rowCounts();

        ApiResponse changed =
                mesh.post("messages", alice.token(), MeshClient.textMessage(messageId, bob, null, "changed"));

        assertEquals(409, changed.status(), changed::toString);
        assertTrue(changed.isProblem());
        assertEquals(before, MeshDatabase.rowCounts());
    }

    @Test
    @Tag("G1")
    void messageIdsBelongToTheirSenderSoAnotherAgentsUseOfAnIdIsNoConflict() {
        Agent carol = mesh.registerAgent("carol");
        mesh.allow(carol, bob);
        String messageId = "m-" + alice.id() + "-taken-by-carol";
        ApiResponse carols = mesh.post("messages", carol.token(), MeshClient.textMessage(messageId, bob, null, "c"));

        ApiResponse alices = mesh.post("messages", alice.token(), MeshClient.textMessage(messageId, bob, null, "a"));
        ApiResponse alicesAgain =
                mesh.post("messages", alice.token(), MeshClient.textMessage(messageId, bob, null, "a"));

        assertEquals(201, carols.status(), carols::toString);
        assertEquals(201, alices.status(), alices::toString);
        assertEquals(200, alicesAgain.status(), "the sender's own replay is still recognised");
        assertEquals(alices.json(), alicesAgain.json());
        assertEquals(
                List.of(List.of(alice.id()), List.of(carol.id())),
                MeshDatabase.query("SELECT sender FROM task_message WHERE message_id = ? ORDER BY sender", messageId));
    }

    @Test
    void repliesContinueTheTaskAndTheTaskShowsItsHistoryInOrder() {
        JsonObject opened = mesh.send(alice, MeshClient.textMessage(null, bob, null, "question"));
        String taskId = opened.getString("taskId");

        JsonObject reply = mesh.send(bob, MeshClient.textMessage(null, alice, taskId, "answer"));
        ApiResponse task = mesh.get("tasks/" + taskId, alice.token());

        assertEquals(2, reply.getInt("seq"));
        assertEquals(opened.getString("contextId"), reply.getString("contextId"));
        assertEquals(200, task.status(), task::toString);
        JsonObject view = task.json();
        assertEquals(alice.id(), view.getString("requester"));
        assertEquals(bob.id(), view.getString("assignee"));
        assertEquals("submitted", view.getJsonObject("status").getString("state"));
        JsonArray history = view.getJsonArray("history");
        assertEquals(
                List.of("question", "answer"),
                history.stream()
                        .map(m -> m.asJsonObject()
                                .getJsonArray("parts")
                                .getJsonObject(0)
                                .getString("text"))
                        .toList());
        assertEquals(
                List.of("user", "agent"),
                history.stream().map(m -> m.asJsonObject().getString("role")).toList());
        assertEquals(
                1,
                mesh.get("tasks/" + taskId + "?historyLength=1", bob.token())
                        .json()
                        .getJsonArray("history")
                        .size());
    }

    @Test
    void concurrentSendsIntoOneTaskGetSeqOneToNWithoutGapOrDuplicate() throws Exception {
        String taskId = mesh.send(alice, MeshClient.textMessage(null, bob, null, "start"))
                .getString("taskId");
        int threads = 20;
        int perThread = 5;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Callable<List<Integer>>> senders = IntStream.range(0, threads)
                    .mapToObj(t -> (Callable<List<Integer>>) () -> {
                        Agent from = t % 2 == 0 ? alice : bob;
                        Agent to = t % 2 == 0 ? bob : alice;
                        List<Integer> seqs = new ArrayList<>();
                        for (int i = 0; i < perThread; i++) {
                            seqs.add(mesh.send(from, MeshClient.textMessage(null, to, taskId, t + "/" + i))
                                    .getInt("seq"));
                        }
                        return seqs;
                    })
                    .toList();
            List<Integer> answered = new ArrayList<>();
            for (Future<List<Integer>> result : pool.invokeAll(senders)) {
                answered.addAll(result.get());
            }

            int n = threads * perThread + 1;
            List<Integer> expected = IntStream.rangeClosed(2, n).boxed().toList();
            assertEquals(expected, answered.stream().sorted().toList());
            List<Object> stored =
                    MeshDatabase.query("SELECT seq FROM task_message WHERE task_id = ? ORDER BY seq", taskId).stream()
                            .map(row -> row.get(0))
                            .toList();
            assertEquals(IntStream.rangeClosed(1, n).boxed().toList(), stored);
            assertEquals(n, MeshDatabase.count("SELECT COUNT(*) FROM outbox_event WHERE task_id = ?", taskId));
        } finally {
            pool.shutdownNow();
        }
    }
}
