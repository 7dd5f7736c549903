package agentmesh.meshd;

import static agentmesh.meshd.FakeMesh.ASSIGNEE;
import static agentmesh.meshd.FakeMesh.REQUESTER;
import static agentmesh.meshd.FakeMesh.TASK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.client.InboxEvent;
import agentmesh.client.Part;
import agentmesh.client.SendReceipt;
import agentmesh.client.TaskState;
import jakarta.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ActionsTest {

    private FakeMesh mesh;
    private final ByteArrayOutputStream terminal = new ByteArrayOutputStream();
    private final Transcript transcript = new Transcript(new PrintStream(terminal, true, StandardCharsets.UTF_8));

    @BeforeEach
    void aFakeMesh() throws IOException {
        mesh = new FakeMesh();
    }

    @AfterEach
    void stop() {
        mesh.close();
    }

    @Test
    void eachActionTakesTheNextIdOfTheEventsKeyWhateverItDid() {
        Actions actions = forEvent(ASSIGNEE, "e-7", fromRequester("please review"));

        actions.sendMessage(REQUESTER, TASK, "on it");
        actions.updateTask(null, TaskState.WORKING, null); // already working: nothing sent, yet a step is used
        actions.addArtifact(null, "review", "looks fine");
        actions.reply(null, "done");

        assertEquals(Set.of("e-7:1", "e-7:4"), mesh.stored().keySet());
        assertEquals(Set.of("e-7:3"), mesh.artifactIds());
    }

    @Test
    void handlingTheSameEventAgainActsOnce() {
        InboxEvent event = fromRequester("please review");
        List<Object> first = handle(forEvent(ASSIGNEE, "e-7", event));

        List<Object> second = handle(forEvent(ASSIGNEE, "e-7", event));

        assertEquals(1, mesh.stored().size(), "the second send carried the same id: stored once");
        assertEquals(1, mesh.requests("POST", "tasks/" + TASK + "/status").size(), "completed once");
        assertEquals(1, mesh.artifactIds().size());
        assertFalse(((SendReceipt) first.get(0)).repeated());
        assertTrue(((SendReceipt) second.get(0)).repeated(), "the mesh answered the original receipt");
        assertNull(second.get(1), "an artifact added before is reported as such, not as a failure");
        assertEquals("completed", mesh.state());
    }

    @Test
    void aMessageIdReusedWithOtherTextIsDoneBeforeAndNotResent() {
        forEvent(ASSIGNEE, "e-7", fromRequester("hi")).sendMessage(REQUESTER, TASK, "first answer");

        SendReceipt again = forEvent(ASSIGNEE, "e-7", fromRequester("hi")).sendMessage(REQUESTER, TASK, "other");

        assertNull(again);
        assertEquals(
                "first answer",
                mesh.stored()
                        .get("e-7:1")
                        .getJsonArray("parts")
                        .getJsonObject(0)
                        .getString("text"));
        assertTrue(terminal().contains("message e-7:1 was sent before"), terminal());
    }

    @Test
    void aReplyWithoutATaskGoesToTheEventsSenderInItsTask() {
        forEvent(ASSIGNEE, "e-1", fromRequester("ping")).reply(null, "pong");

        var sent = mesh.stored().get("e-1:1");
        assertEquals(REQUESTER, sent.getString("to"));
        assertEquals(TASK, sent.getString("taskId"));
    }

    @Test
    void aReplyInANamedTaskGoesToTheTasksOtherAgent() {
        forEvent(REQUESTER, "e-1", null).reply(TASK, "from the requester");
        forEvent(ASSIGNEE, "e-2", null).reply(TASK, "from the assignee");

        assertEquals(ASSIGNEE, mesh.stored().get("e-1:1").getString("to"));
        assertEquals(REQUESTER, mesh.stored().get("e-2:1").getString("to"));
    }

    @Test
    void aStatusTheTaskHasAlreadyIsNotSetAgain() {
        var status = forEvent(ASSIGNEE, "e-1", fromRequester("x")).updateTask(null, TaskState.WORKING, "busy");

        assertEquals(TaskState.WORKING, status.state());
        assertTrue(mesh.requests("POST", "tasks/" + TASK + "/status").isEmpty());
    }

    @Test
    void aRefusedMoveAnswersTheStatusTheTaskKeeps() {
        mesh.state("canceled");

        var status = forEvent(ASSIGNEE, "e-1", fromRequester("x")).updateTask(null, TaskState.COMPLETED, null);

        assertEquals(TaskState.CANCELED, status.state());
        assertEquals(1, mesh.requests("POST", "tasks/" + TASK + "/status").size(), "the move was asked for");
        assertTrue(terminal().contains("stays canceled"), terminal());
    }

    @Test
    void startActionsThatNeedAnEventAreRefusedWithoutOne() {
        Actions start = forEvent(REQUESTER, "run-1", null);

        assertThrows(IllegalStateException.class, () -> start.reply(null, "to whom?"));
        assertThrows(IllegalStateException.class, () -> start.updateTask(null, TaskState.COMPLETED, null));
        assertThrows(IllegalStateException.class, () -> start.addArtifact(null, "a", "b"));
        assertThrows(IllegalStateException.class, () -> start.readTask(null));
        assertTrue(mesh.requests.isEmpty(), "nothing reached the mesh");
    }

    @Test
    void aToolCallWithBadArgumentsOrAnUnknownNameIsTheToolsErrorNotAFailure() {
        Actions actions = forEvent(ASSIGNEE, "e-1", fromRequester("x"));

        String missingText =
                MeshTools.call("mesh_reply", Json.createObjectBuilder().build(), actions);
        String unknownState = MeshTools.call(
                "mesh_update_task",
                Json.createObjectBuilder().add("state", "sleeping").build(),
                actions);
        String unknownTool =
                MeshTools.call("mesh_dance", Json.createObjectBuilder().build(), actions);

        assertTrue(missingText.startsWith("{\"error\":\"bad arguments for mesh_reply"), missingText);
        assertTrue(unknownState.startsWith("{\"error\":\"bad arguments for mesh_update_task"), unknownState);
        assertEquals("{\"error\":\"no tool named mesh_dance\"}", unknownTool);
        assertTrue(mesh.stored().isEmpty());
    }

    @Test
    void aToolCallCarriedOutAnswersWhatTheMeshDid() {
        Actions actions = forEvent(ASSIGNEE, "e-1", fromRequester("x"));

        String sent = MeshTools.call(
                "mesh_reply", Json.createObjectBuilder().add("text", "hello").build(), actions);
        String moved = MeshTools.call(
                "mesh_update_task",
                Json.createObjectBuilder().add("state", "input-required").build(),
                actions);

        assertEquals("{\"messageId\":\"e-1:1\",\"taskId\":\"t-1\",\"seq\":1}", sent);
        assertEquals("{\"state\":\"input-required\"}", moved);
    }

    /** Replies, completes the task and adds an artifact, as a scripted reviewer does. */
    private static List<Object> handle(Actions actions) {
        SendReceipt receipt = actions.reply(null, "reviewed");
        actions.updateTask(null, TaskState.COMPLETED, "reviewed");
        return Arrays.asList(receipt, actions.addArtifact(null, "review", "fine"));
    }

    private Actions forEvent(String agentId, String key, InboxEvent event) {
        return new Actions(mesh.agent(agentId), key, event, transcript);
    }

    private static InboxEvent fromRequester(String text) {
        var envelope = new InboxEvent.Envelope("e-7", TASK, "c-1", REQUESTER, ASSIGNEE, null, null);
        return new InboxEvent.MessageEvent(1, envelope, "m-1", 1, "user", List.of(Part.text(text)));
    }

    private String terminal() {
        return terminal.toString(StandardCharsets.UTF_8);
    }
}
