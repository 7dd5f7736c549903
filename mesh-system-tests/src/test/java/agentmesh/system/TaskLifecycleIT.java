package agentmesh.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.system.MeshClient.Agent;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Task states, artifacts and cancellation over HTTP, and the events they send the other agent. */
@ExtendWith(MeshStackExtension.class)
class TaskLifecycleIT {

    private final MeshClient mesh = MeshClient.forStack();
    private Agent alice;
    private Agent bob;
    private String task;

    @BeforeEach
    void aTaskFromAliceToBob() {
        alice = mesh.registerAgent("alice");
        bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        task = mesh.send(alice, MeshClient.textMessage(null, bob, null, "please"))
                .getString("taskId");
    }

    @Test
    @Tag("G2")
    void statusChangesAndArtifactsReachTheRequesterInOrderWithTheMessages() {
        assertEquals(200, status(bob, "working", "on it").status());
        ApiResponse artifact = mesh.post(
                "tasks/" + task + "/artifacts",
                bob.token(),
                "{\"artifactId\":\"report-1\",\"name\":\"report\",\"parts\":[{\"kind\":\"text\",\"text\":\"done\"}]}");
        String reply = mesh.send(bob, MeshClient.textMessage(null, alice, task, "see the report"))
                .getString("messageId");
        assertEquals(200, status(bob, "completed", null).status());

        assertEquals(201, artifact.status(), artifact::toString);
        List<JsonObject> inbox = Inbox.awaitAtLeast(mesh, alice, 4, Duration.ofSeconds(30));
        assertEquals(
                List.of("task-status", "artifact", "message", "task-status"),
                inbox.stream().map(e -> e.getString("type")).toList());
        assertEquals("working", inbox.get(0).getJsonObject("status").getString("state"));
        assertEquals("on it", inbox.get(0).getJsonObject("status").getString("reason"));
        assertEquals("report-1", inbox.get(1).getJsonObject("artifact").getString("artifactId"));
        assertEquals(reply, inbox.get(2).getString("messageId"));
        assertEquals("completed", inbox.get(3).getJsonObject("status").getString("state"));
        assertTrue(inbox.stream().allMatch(e -> e.getString("from").equals(bob.id())));

        JsonObject view = mesh.get("tasks/" + task, alice.token()).json();
        assertEquals("completed", view.getJsonObject("status").getString("state"));
        assertEquals("report", view.getJsonArray("artifacts").getJsonObject(0).getString("name"));
    }

    @Test
    @Tag("G6")
    void aRevokedContactStopsStatusChangesAndArtifactsButEitherAgentMayStillCancel() {
        assertEquals(
                204,
                mesh.delete("admin/agents/" + alice.id() + "/contacts/" + bob.id(), MeshStackExtension.ADMIN_TOKEN)
                        .status());
        Map<String, Long> before = MeshDatabase.rowCounts();

        ApiResponse status = status(bob, "working", "sneaking in");
        ApiResponse artifact = mesh.post(
                "tasks/" + task + "/artifacts",
                bob.token(),
                "{\"name\":\"report\",\"parts\":[{\"kind\":\"text\",\"text\":\"" + "x".repeat(100_000) + "\"}]}");

        assertEquals(403, status.status(), status::toString);
        assertEquals(403, artifact.status(), artifact::toString);
        assertTrue(status.isProblem() && artifact.isProblem());
        assertEquals(before, MeshDatabase.rowCounts());
        assertEquals(
                "submitted",
                mesh.get("tasks/" + task, alice.token())
                        .json()
                        .getJsonObject("status")
                        .getString("state"));

        ApiResponse cancel = mesh.post("tasks/" + task + "/cancel", bob.token(), "");
        assertEquals(200, cancel.status(), cancel::toString);
        assertEquals("canceled", cancel.json().getString("state"));
    }

    @Test
    void illegalTransitionsAreRefusedNamingTheCurrentState() {
        assertEquals(200, status(bob, "working", null).status());

        ApiResponse rejected = status(bob, "rejected", null);
        ApiResponse byRequester = status(alice, "completed", null);
        ApiResponse unknownState = status(bob, "paused", null);

        assertEquals(409, rejected.status(), rejected::toString);
        assertTrue(rejected.json().getString("detail").contains("is working"), rejected::toString);
        assertEquals(403, byRequester.status(), byRequester::toString);
        assertEquals(400, unknownState.status(), unknownState::toString);
        assertEquals(200, status(bob, "completed", null).status());
        ApiResponse reopened = status(bob, "working", null);
        assertEquals(409, reopened.status(), reopened::toString);
        assertTrue(reopened.json().getString("detail").contains("is completed"), reopened::toString);
    }

    @Test
    void cancelIsIdempotentAndATerminalTaskRefusesEverythingAndChangesNothing() {
        ApiResponse canceled = mesh.post("tasks/" + task + "/cancel", alice.token(), "{\"reason\":\"not needed\"}");
        ApiResponse again = mesh.post("tasks/" + task + "/cancel", bob.token(), "");
        Map<String, Long> before = MeshDatabase.rowCounts();

        ApiResponse message = mesh.post("messages", bob.token(), MeshClient.textMessage(null, alice, task, "late"));
        ApiResponse artifact = mesh.post(
                "tasks/" + task + "/artifacts",
                bob.token(),
                "{\"name\":\"late\",\"parts\":[{\"kind\":\"text\",\"text\":\"x\"}]}");
        ApiResponse transition = status(bob, "working", null);

        assertEquals(200, canceled.status(), canceled::toString);
        assertEquals("canceled", canceled.json().getString("state"));
        assertEquals(200, again.status(), again::toString);
        assertEquals(409, message.status(), message::toString);
        assertEquals(409, artifact.status(), artifact::toString);
        assertEquals(409, transition.status(), transition::toString);
        assertEquals(before, MeshDatabase.rowCounts());
        List<JsonObject> bobsInbox = Inbox.settled(mesh, alice, bob);
        assertEquals(
                List.of("message", "task-status"),
                bobsInbox.stream().map(e -> e.getString("type")).toList(),
                "one cancel event however often it is canceled");
        assertEquals("not needed", bobsInbox.get(1).getJsonObject("status").getString("reason"));
    }

    @Test
    void tasksAreListedMostRecentlyUpdatedFirstInPagesAndByState() {
        String second = mesh.send(alice, MeshClient.textMessage(null, bob, null, "second"))
                .getString("taskId");
        String third = mesh.send(alice, MeshClient.textMessage(null, bob, null, "third"))
                .getString("taskId");
        status(bob, "working", null); // the first task is now the most recently updated

        JsonObject page1 = mesh.get("tasks?limit=2", bob.token()).json();
        JsonObject page2 = mesh.get("tasks?limit=2&cursor=" + page1.getString("nextCursor"), bob.token())
                .json();
        JsonObject working = mesh.get("tasks?state=working", alice.token()).json();

        assertEquals(List.of(task, third), ids(page1));
        assertEquals(List.of(second), ids(page2));
        assertTrue(!page2.containsKey("nextCursor") || page2.isNull("nextCursor"), "the last page has no next");
        assertEquals(List.of(task), ids(working));
        assertEquals(400, mesh.get("tasks?limit=0", bob.token()).status());
        assertEquals(400, mesh.get("tasks?state=sleeping", bob.token()).status());
        assertEquals(400, mesh.get("tasks?cursor=bm90LWEtY3Vyc29y", bob.token()).status());
    }

    private ApiResponse status(Agent who, String state, String reason) {
        String body = reason == null
                ? "{\"state\":\"" + state + "\"}"
                : "{\"state\":\"" + state + "\",\"reason\":\"" + reason + "\"}";
        return mesh.post("tasks/" + task + "/status", who.token(), body);
    }

    private static List<String> ids(JsonObject page) {
        return page.getJsonArray("tasks").getValuesAs(JsonObject.class).stream()
                .map(t -> t.getString("taskId"))
                .toList();
    }
}
