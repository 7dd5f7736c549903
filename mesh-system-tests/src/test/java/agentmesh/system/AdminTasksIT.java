package agentmesh.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.system.MeshClient.Agent;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The admin's reads of every agent's tasks, as the dashboard makes them: tasks of one state, most recently updated
 * first, in pages; one task as it stands; its messages and artifacts in pages bounded by count and by bytes; bad
 * input answered with a problem.
 */
@ExtendWith(MeshStackExtension.class)
class AdminTasksIT {

    private static final String ADMIN = MeshStackExtension.ADMIN_TOKEN;

    private final MeshClient mesh = MeshClient.forStack();

    @Test
    void tasksOfAStateAreListedMostRecentlyUpdatedFirstInPages() {
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        String first = open(alice, bob, "first");
        String second = open(alice, bob, "second");
        String third = open(alice, bob, "third");
        assertEquals(
                200,
                mesh.post("tasks/" + first + "/status", bob.token(), "{\"state\":\"working\"}")
                        .status());

        JsonObject newest =
                mesh.get("admin/tasks?state=submitted&limit=1", ADMIN).json();
        String cursor = newest.getString("nextCursor");
        JsonObject next = mesh.get("admin/tasks?state=submitted&limit=1&cursor=" + cursor, ADMIN)
                .json();
        JsonObject working =
                mesh.get("admin/tasks?state=working&limit=200", ADMIN).json();

        assertEquals(List.of(third), ids(newest));
        assertEquals(List.of(second), ids(next));
        assertEquals(
                next,
                mesh.get("admin/tasks?state=submitted&limit=1&after=" + cursor, ADMIN)
                        .json(),
                "after is an alias of cursor");
        assertTrue(ids(working).contains(first));
        JsonObject listed = newest.getJsonArray("tasks").getJsonObject(0);
        assertEquals(alice.id(), listed.getString("requester"));
        assertEquals("submitted", listed.getJsonObject("status").getString("state"));
    }

    @Test
    void oneTaskIsReadWithItsMessagesAndArtifactsInPagesBoundedByBytes() {
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        mesh.allow(alice, bob);
        String task = open(alice, bob, "a".repeat(900_000));
        mesh.send(bob, MeshClient.textMessage(null, alice, task, "b".repeat(900_000)));
        mesh.send(alice, MeshClient.textMessage(null, bob, task, "c".repeat(900_000)));
        for (String name : List.of("one", "two")) {
            assertEquals(
                    201,
                    mesh.post(
                                    "tasks/" + task + "/artifacts",
                                    bob.token(),
                                    "{\"name\":\"" + name + "\",\"parts\":[{\"kind\":\"text\",\"text\":\"" + name
                                            + "\"}]}")
                            .status());
        }

        JsonObject view = mesh.get("admin/tasks/" + task, ADMIN).json();
        JsonObject firstMessages =
                mesh.get("admin/tasks/" + task + "/messages?limit=200", ADMIN).json();
        JsonObject restMessages = mesh.get(
                        "admin/tasks/" + task + "/messages?cursor=" + firstMessages.getJsonNumber("nextCursor")
                                + "&limit=200",
                        ADMIN)
                .json();
        JsonObject firstArtifact =
                mesh.get("admin/tasks/" + task + "/artifacts?limit=1", ADMIN).json();
        JsonObject secondArtifact = mesh.get(
                        "admin/tasks/" + task + "/artifacts?limit=1&cursor="
                                + firstArtifact.getJsonNumber("nextCursor"),
                        ADMIN)
                .json();

        assertEquals(
                List.of(alice.id(), bob.id(), "submitted"),
                List.of(
                        view.getString("requester"),
                        view.getString("assignee"),
                        view.getJsonObject("status").getString("state")));
        assertTrue(
                view.getJsonArray("history").isEmpty()
                        && view.getJsonArray("artifacts").isEmpty(),
                view::toString);
        assertEquals(List.of(1, 2), seqs(firstMessages), "three messages of 900 KB do not fit a page of 2 MiB");
        assertEquals(List.of(3), seqs(restMessages));
        assertEquals(
                "one", firstArtifact.getJsonArray("artifacts").getJsonObject(0).getString("name"));
        assertEquals(
                "two", secondArtifact.getJsonArray("artifacts").getJsonObject(0).getString("name"));
        assertFalse(secondArtifact.containsKey("nextCursor"), "absent after the last");
    }

    @Test
    void badReadsAreProblemsAndAnUnknownTaskIsNotFound() {
        Agent alice = mesh.registerAgent("alice");
        for (String query : List.of(
                "admin/tasks",
                "admin/tasks?state=asleep",
                "admin/tasks?state=working&limit=0",
                "admin/tasks?state=working&limit=201",
                "admin/tasks?state=working&cursor=%21",
                "admin/tasks?state=working&cursor=bm90LWEtY3Vyc29y",
                "admin/tasks/t-1/messages?cursor=-1",
                "admin/tasks/t-1/artifacts?limit=x",
                "admin/tasks/bad%20id")) {
            ApiResponse refused = mesh.get(query, ADMIN);
            assertEquals(400, refused.status(), query + " → " + refused);
            assertTrue(refused.isProblem(), refused::toString);
        }
        ApiResponse unknown = mesh.get("admin/tasks/no-such-task", ADMIN);
        assertEquals(404, unknown.status(), unknown::toString);
        assertTrue(unknown.isProblem());
        assertEquals(403, mesh.get("admin/tasks?state=working", alice.token()).status(), "an agent is no admin");
    }

    private String open(Agent from, Agent to, String text) {
        return mesh.send(from, MeshClient.textMessage(null, to, null, text)).getString("taskId");
    }

    private static List<String> ids(JsonObject page) {
        return page.getJsonArray("tasks").stream()
                .map(JsonValue::asJsonObject)
                .map(t -> t.getString("taskId"))
                .toList();
    }

    private static List<Integer> seqs(JsonObject page) {
        return page.getJsonArray("messages").stream()
                .map(JsonValue::asJsonObject)
                .map(m -> m.getInt("seq"))
                .toList();
    }
}
