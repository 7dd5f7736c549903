package agentmesh.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.system.MeshClient.Agent;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * One pagination vocabulary on every paged route of API v1: {@code cursor} (the {@code nextCursor} of the page
 * before) and {@code limit}; {@code after}, the older name of some routes, reads the same page on every route, and
 * the two names with different values are a problem.
 */
@ExtendWith(MeshStackExtension.class)
class PaginationIT {

    private static final String ADMIN = MeshStackExtension.ADMIN_TOKEN;

    private final MeshClient mesh = MeshClient.forStack();

    @Test
    void everyPagedRouteReadsTheSamePageUnderCursorAndItsAliasAfter() {
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        Agent carol = mesh.registerAgent("carol");
        mesh.allow(alice, bob);
        mesh.allow(alice, carol);
        String task =
                mesh.send(alice, MeshClient.textMessage(null, bob, null, "one")).getString("taskId");
        mesh.send(alice, MeshClient.textMessage(null, bob, task, "two"));
        mesh.send(alice, MeshClient.textMessage(null, bob, null, "another task"));
        for (String name : List.of("first", "second")) {
            assertEquals(
                    201,
                    mesh.post(
                                    "tasks/" + task + "/artifacts",
                                    bob.token(),
                                    "{\"name\":\"" + name + "\",\"parts\":[{\"kind\":\"text\",\"text\":\"" + name
                                            + "\"}]}")
                            .status());
        }
        Inbox.awaitAtLeast(mesh, bob, 3, Duration.ofSeconds(30));

        List<Route> routes = List.of(
                new Route("inbox", bob.token()),
                new Route("tasks/" + task + "/messages", bob.token()),
                new Route("tasks/" + task + "/artifacts", bob.token()),
                new Route("tasks", bob.token()),
                new Route("agents", alice.token()),
                new Route("admin/agents", ADMIN),
                new Route("admin/agents?order=activity", ADMIN),
                new Route("admin/tasks?state=submitted", ADMIN),
                new Route("admin/tasks/" + task + "/messages", ADMIN));
        for (Route route : routes) {
            JsonObject first = mesh.get(route.path("limit=1"), route.token()).json();
            String cursor = first.get("nextCursor").toString().replace("\"", "");
            JsonObject byCursor = mesh.get(route.path("limit=1&cursor=" + cursor), route.token())
                    .json();
            JsonObject byAlias = mesh.get(route.path("limit=1&after=" + cursor), route.token())
                    .json();
            JsonObject byBoth = mesh.get(route.path("limit=1&cursor=" + cursor + "&after=" + cursor), route.token())
                    .json();

            assertNotEquals(first, byCursor, route + ": the cursor moves on");
            assertEquals(byCursor, byAlias, route.path);
            assertEquals(byCursor, byBoth, route.path);
            ApiResponse differing = mesh.get(route.path("limit=1&cursor=" + cursor + "&after=0"), route.token());
            assertEquals(400, differing.status(), route + " → " + differing);
            assertTrue(differing.isProblem(), differing::toString);
            assertEquals(
                    "after",
                    differing.json().getJsonArray("errors").getJsonObject(0).getString("field"));
        }
    }

    private record Route(String path, String token) {

        String path(String query) {
            return path + (path.contains("?") ? "&" : "?") + query;
        }
    }
}
