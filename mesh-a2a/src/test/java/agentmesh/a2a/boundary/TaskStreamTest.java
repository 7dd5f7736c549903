package agentmesh.a2a.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.json.MeshJson;
import agentmesh.task.control.MessageView;
import agentmesh.task.control.TaskLifecycle;
import agentmesh.task.control.TaskReader;
import agentmesh.task.control.TaskView;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TaskStreamTest {

    private static final TaskView.Status WORKING = new TaskView.Status("working", Instant.EPOCH, null);
    private static final TaskView.Status COMPLETED =
            new TaskView.Status("completed", Instant.EPOCH.plusSeconds(9), null);

    private final FakeTaskReader reader = new FakeTaskReader();
    private final RecordingWatches watches = new RecordingWatches();
    private final FakeExchange exchange = new FakeExchange();
    private final WaitPlaces places = new WaitPlaces(1);

    @Test
    void aLookReadsAndSendsOnlyWhatCameAfterWhatTheStreamHasSent() {
        reader.messages.addAll(List.of(message(1, "bob"), message(2, "alice"), message(3, "bob")));
        reader.artifacts.addAll(artifacts("a1", "a2", "a3"));
        reader.task = task(WORKING, reader.messages, reader.artifacts);
        TaskStream stream = stream(new A2aWire.JsonRpc(MeshJson.readValue("7")));
        stream.begin();
        assertEquals(List.of("task with " + TaskReader.MAX_HISTORY), reader.reads);

        reader.messages.addAll(List.of(message(4, "bob"), message(5, "alice")));
        reader.artifacts.addAll(artifacts("a4"));
        reader.reads.clear();
        stream.check(task(WORKING, List.of(), List.of()));

        assertEquals(
                List.of("messages after 3", "messages after 5", "artifacts after 3 up to " + TaskReader.MAX_PAGE),
                reader.reads);
        List<JsonObject> events = events();
        assertEquals(3, events.size()); // the task, then bob's new message and the new artifact: nothing again
        assertEquals(
                "m-4",
                events.get(1).getJsonObject("result").getJsonObject("message").getString("messageId"));
        assertEquals(
                "a4",
                events.get(2)
                        .getJsonObject("result")
                        .getJsonObject("artifactUpdate")
                        .getJsonObject("artifact")
                        .getString("artifactId"));

        reader.reads.clear();
        reader.artifactsRead = 0;
        stream.check(task(WORKING, List.of(), List.of()));

        assertEquals(List.of("messages after 5", "artifacts after 4 up to " + TaskReader.MAX_PAGE), reader.reads);
        assertEquals(0, reader.artifactsRead, "a look with nothing new reads no artifact again");
        assertEquals(3, events().size());
    }

    @Test
    void partsAppendedToAnArtifactAlreadySentAreAnArtifactUpdateThatAppends() {
        reader.artifacts.addAll(artifacts("a1"));
        reader.task = task(WORKING, List.of(), reader.artifacts);
        TaskStream stream = stream(new A2aWire.Rest());
        stream.begin();

        reader.artifacts.add(new TaskLifecycle.ArtifactView(
                "a1", null, MeshJson.readArray("[{\"kind\":\"text\",\"text\":\" more\"}]"), Instant.EPOCH, true));
        stream.check(task(WORKING, List.of(), List.of()));

        JsonObject update = events().get(1).getJsonObject("artifactUpdate");
        assertTrue(update.getBoolean("append"));
        assertEquals("a1", update.getJsonObject("artifact").getString("artifactId"));
        assertFalse(
                events().get(0).getJsonObject("task").getJsonArray("artifacts").isEmpty());
    }

    @Test
    void aStatusFollowsWhatLedToItAndATerminalOneEndsTheStreamAndFreesThePlace() {
        reader.task = task(WORKING, List.of(), List.of());
        TaskStream stream = stream(new A2aWire.Rest());
        stream.begin();

        reader.messages.add(message(1, "bob"));
        stream.check(task(COMPLETED, List.of(), List.of()));

        List<JsonObject> events = events();
        assertTrue(events.get(1).containsKey("message"));
        assertEquals(
                "TASK_STATE_COMPLETED",
                events.get(2)
                        .getJsonObject("statusUpdate")
                        .getJsonObject("status")
                        .getString("state"));
        assertEquals(1, exchange.completions);
        assertTrue(watches.watching.isEmpty());
        assertEquals(0, places.held("alice"));
    }

    @Test
    void aStreamFarBehindSendsABoundedLookAndLeavesTheStatusForTheNext() {
        reader.task = task(WORKING, List.of(), List.of());
        TaskStream stream = stream(new A2aWire.Rest());
        stream.begin();
        int behind = TaskStream.PAGES_PER_LOOK * TaskReader.MAX_PAGE + 10;
        IntStream.rangeClosed(1, behind).forEach(seq -> reader.messages.add(message(seq, "bob")));

        stream.check(task(COMPLETED, List.of(), List.of()));

        assertEquals(1, watches.lookAgainRequests);
        assertEquals(1 + TaskStream.PAGES_PER_LOOK * TaskReader.MAX_PAGE, events().size());
        assertEquals(0, exchange.completions);

        stream.check(task(COMPLETED, List.of(), List.of()));

        List<JsonObject> events = events();
        assertEquals(1 + behind + 1, events.size());
        assertTrue(events.get(events.size() - 1).containsKey("statusUpdate"));
        assertEquals(1, exchange.completions);
    }

    @Test
    void aRotatedTokenEndsAJsonRpcStreamWithAnErrorEvent() {
        reader.task = task(WORKING, List.of(), List.of());
        TaskStream stream = stream(new A2aWire.JsonRpc(MeshJson.readValue("7")));
        stream.begin();

        stream.revoke();

        JsonObject last = events().get(events().size() - 1);
        assertEquals(
                "TOKEN_ROTATED",
                last.getJsonObject("error")
                        .getJsonArray("data")
                        .getJsonObject(0)
                        .getString("reason"));
        assertEquals(1, exchange.completions);
    }

    @Test
    void aRotatedTokenClosesAnHttpJsonStreamWithoutAnEventItsBindingHasNoShapeFor() {
        reader.task = task(WORKING, List.of(), List.of());
        TaskStream stream = stream(new A2aWire.Rest());
        stream.begin();

        stream.revoke();

        assertEquals(1, events().size());
        assertEquals(1, exchange.completions);
    }

    @Test
    void theCallersPlaceIsGivenBackOnceHoweverManyWaysTheStreamEnds() {
        reader.task = task(WORKING, List.of(), List.of());
        TaskStream stream = stream(new A2aWire.Rest());
        stream.begin();
        assertTrue(places.take("alice").isEmpty());

        stream.revoke();
        WaitPlaces.Place next = places.take("alice").orElseThrow(); // the place is free again: a new stream
        stream.onComplete(null);
        stream.onError(null);
        stream.end();

        assertEquals(1, places.held("alice"));
        assertTrue(places.take("alice").isEmpty());
        next.release();
    }

    @Test
    void aTaskThatCannotBeReadAtTheStartFreesThePlaceAndIsTheServletsToAnswer() {
        TaskReader failing = new FakeTaskReader() {
            @Override
            public TaskView read(String taskId, String reader, int historyLength) {
                throw new IllegalStateException("the database is away");
            }
        };
        TaskStream stream = new TaskStream(
                call(new A2aWire.Rest()), places.take("alice").orElseThrow(), failing, watches, exchange.async);

        assertThrows(IllegalStateException.class, stream::begin, "the servlet answers it");

        assertEquals(0, places.held("alice"));
        assertFalse(exchange.written().contains("data:"));
        assertTrue(watches.watching.isEmpty());
    }

    private TaskStream stream(A2aWire wire) {
        return new TaskStream(call(wire), places.take("alice").orElseThrow(), reader, watches, exchange.async);
    }

    static WaitingCall.Call call(A2aWire wire) {
        return new WaitingCall.Call("alice", "hash-of-alice", "bob", "t-1", A2aVersion.V1_0, wire);
    }

    private List<JsonObject> events() {
        return Arrays.stream(exchange.written().split("\n\n"))
                .filter(line -> line.startsWith("data: "))
                .map(line -> MeshJson.readObject(line.substring("data: ".length())))
                .toList();
    }

    static TaskView task(
            TaskView.Status status, List<MessageView> history, List<TaskLifecycle.ArtifactView> artifacts) {
        return new TaskView(
                "t-1",
                "c-1",
                "alice",
                "bob",
                status,
                List.copyOf(history),
                List.copyOf(artifacts),
                null,
                artifacts.size(),
                Instant.EPOCH,
                Instant.EPOCH);
    }

    static MessageView message(int seq, String from) {
        return new MessageView(
                "m-" + seq,
                seq,
                from,
                from.equals("bob") ? "alice" : "bob",
                from.equals("bob") ? "agent" : "user",
                MeshJson.readArray("[{\"kind\":\"text\",\"text\":\"hi\"}]"),
                Instant.EPOCH);
    }

    static List<TaskLifecycle.ArtifactView> artifacts(String... ids) {
        return Arrays.stream(ids)
                .map(id -> new TaskLifecycle.ArtifactView(
                        id, null, MeshJson.readArray("[{\"kind\":\"text\",\"text\":\"" + id + "\"}]"), Instant.EPOCH))
                .toList();
    }
}
