package agentmesh.a2a.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.json.MeshJson;
import agentmesh.task.control.TaskView;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class BlockingSendTest {

    private static final TaskView.Status WORKING = new TaskView.Status("working", Instant.EPOCH, null);
    private static final TaskView.Status INPUT_REQUIRED =
            new TaskView.Status("input-required", Instant.EPOCH.plusSeconds(1), null);

    private final FakeTaskReader reader = new FakeTaskReader();
    private final RecordingWatches watches = new RecordingWatches();
    private final FakeExchange exchange = new FakeExchange();
    private final WaitPlaces places = new WaitPlaces(1);

    @Test
    void aRotatedTokenAnswersAnHttpJsonBlockingSendWith401() {
        BlockingSend send = waiting(new A2aWire.Rest());

        send.revoke();

        assertEquals(401, exchange.status);
        assertTrue(exchange.headers.get("WWW-Authenticate").startsWith("Bearer"));
        JsonObject error = MeshJson.readObject(exchange.written()).getJsonObject("error");
        assertEquals(401, error.getInt("code"));
        assertEquals(
                "TOKEN_ROTATED", error.getJsonArray("details").getJsonObject(0).getString("reason"));
        assertEquals(1, exchange.completions);
        assertEquals(0, places.held("alice"));
        assertTrue(reader.reads.isEmpty(), "the task is not read for a caller that is no longer authenticated");
    }

    @Test
    void aRotatedTokenAnswersAJsonRpcBlockingSendWithAnErrorOfTheRpc() {
        BlockingSend send = waiting(new A2aWire.JsonRpc(MeshJson.readValue("7")));

        send.revoke();

        assertEquals(200, exchange.status);
        JsonObject answer = MeshJson.readObject(exchange.written());
        assertNull(answer.get("result"));
        assertEquals(A2aError.INVALID_REQUEST, answer.getJsonObject("error").getInt("code"));
        assertEquals(
                "TOKEN_ROTATED",
                answer.getJsonObject("error")
                        .getJsonArray("data")
                        .getJsonObject(0)
                        .getString("reason"));
    }

    @Test
    void aBlockingSendReadsItsTaskOnlyToAnswerOnceTheTaskNeedsTheCaller() {
        reader.task = task(INPUT_REQUIRED);
        BlockingSend send = waiting(new A2aWire.Rest());

        send.check(task(WORKING));
        send.check(task(WORKING));
        assertTrue(reader.reads.isEmpty(), "a look's task tells the state: no read of its own per look");

        send.check(task(INPUT_REQUIRED));
        send.check(task(INPUT_REQUIRED));
        send.onTimeout(null);

        assertEquals(List.of("task with 5"), reader.reads);
        assertEquals(200, exchange.status);
        assertEquals(
                "TASK_STATE_INPUT_REQUIRED",
                MeshJson.readObject(exchange.written())
                        .getJsonObject("task")
                        .getJsonObject("status")
                        .getString("state"));
        assertEquals(1, exchange.completions);
        assertEquals(0, places.held("alice"));
        assertTrue(watches.watching.isEmpty());
    }

    @Test
    void aWaitThatTimesOutAnswersTheTaskAsItStandsAndFreesThePlace() {
        reader.task = task(WORKING);
        BlockingSend send = waiting(new A2aWire.Rest());

        send.onTimeout(null);
        send.onComplete(null);

        assertEquals(200, exchange.status);
        assertEquals(0, places.held("alice"));
        assertTrue(places.take("alice").isPresent());
    }

    private BlockingSend waiting(A2aWire wire) {
        BlockingSend send = new BlockingSend(
                TaskStreamTest.call(wire), places.take("alice").orElseThrow(), 5, reader, watches, exchange.async);
        send.begin(Duration.ofSeconds(60));
        return send;
    }

    private static TaskView task(TaskView.Status status) {
        return new TaskView(
                "t-1", "c-1", "alice", "bob", status, List.of(), List.of(), null, 0, Instant.EPOCH, Instant.EPOCH);
    }
}
