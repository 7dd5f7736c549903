package agentmesh.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.system.MeshClient.Agent;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every protected route, tried with no token, a wrong token and someone else's token: 401, 401, 403.
 * Agents act only as themselves, on their own inbox and their own tasks; admin routes take only the admin token.
 */
@ExtendWith(MeshStackExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AuthorizationIT {

    private MeshClient mesh;
    private Agent alice;
    private Agent bob;
    private Agent mallory;
    private String task;

    @BeforeAll
    void aTaskBetweenAliceAndBobAndAnOutsider() {
        mesh = MeshClient.forStack();
        alice = mesh.registerAgent("alice");
        bob = mesh.registerAgent("bob");
        mallory = mesh.registerAgent("mallory");
        mesh.allow(alice, bob);
        mesh.allow(mallory, bob);
        task = mesh.send(alice, MeshClient.textMessage(null, bob, null, "private"))
                .getString("taskId");
    }

    /** A route and how to call it with a given token. */
    record Route(String name, Function<String, ApiResponse> call) {}

    private List<Route> agentRoutes() {
        String text = "{\"kind\":\"text\",\"text\":\"x\"}";
        return List.of(
                new Route(
                        "POST /messages into the task",
                        t -> mesh.post("messages", t, MeshClient.textMessage(null, alice, task, "intrude"))),
                new Route("GET /tasks/{id}", t -> mesh.get("tasks/" + task, t)),
                new Route(
                        "POST /tasks/{id}/status",
                        t -> mesh.post("tasks/" + task + "/status", t, "{\"state\":\"working\"}")),
                new Route("POST /tasks/{id}/cancel", t -> mesh.post("tasks/" + task + "/cancel", t, "")),
                new Route(
                        "POST /tasks/{id}/artifacts",
                        t -> mesh.post("tasks/" + task + "/artifacts", t, "{\"name\":\"x\",\"parts\":[" + text + "]}")),
                new Route("GET /inbox of alice", t -> mesh.get("inbox?agentId=" + alice.id(), t)),
                new Route("GET /inbox/stream of alice", t -> mesh.get("inbox/stream?agentId=" + alice.id(), t)));
    }

    private List<Route> agentRoutesWithoutAnOwner() {
        return List.of(
                new Route("GET /tasks", t -> mesh.get("tasks", t)),
                new Route("GET /inbox", t -> mesh.get("inbox", t)),
                new Route("POST /inbox/ack", t -> mesh.post("inbox/ack", t, "{\"cursor\":0}")));
    }

    private List<Route> adminRoutes() {
        return List.of(
                new Route("POST /admin/agents", t -> mesh.post("admin/agents", t, "{\"agentId\":\"sneaky@it\"}")),
                new Route("GET /admin/agents", t -> mesh.get("admin/agents", t)),
                new Route("GET /admin/agents/{id}", t -> mesh.get("admin/agents/" + alice.id(), t)),
                new Route(
                        "POST /admin/agents/{id}/token",
                        t -> mesh.post("admin/agents/" + alice.id() + "/token", t, "")),
                new Route(
                        "POST contacts",
                        t -> mesh.post("admin/agents/" + mallory.id() + "/contacts/" + alice.id(), t, "")),
                new Route(
                        "DELETE contacts", t -> mesh.delete("admin/agents/" + alice.id() + "/contacts/" + bob.id(), t)),
                new Route("GET /admin/outbox", t -> mesh.get("admin/outbox?status=pending", t)),
                new Route("POST /admin/outbox/{id}/retry", t -> mesh.post("admin/outbox/1/retry", t, "")),
                new Route("GET /admin/dead-letters", t -> mesh.get("admin/dead-letters", t)),
                new Route("POST /admin/dead-letters/{id}/replay", t -> mesh.post("admin/dead-letters/1/replay", t, "")),
                new Route("POST /admin/tasks/idle-scan", t -> mesh.post("admin/tasks/idle-scan", t, "")));
    }

    @TestFactory
    Stream<DynamicTest> everyRouteRefusesMissingWrongAndForeignTokens() {
        List<DynamicTest> tests = new ArrayList<>();
        List<Route> all = new ArrayList<>(agentRoutes());
        all.addAll(agentRoutesWithoutAnOwner());
        all.addAll(adminRoutes());
        for (Route route : all) {
            tests.add(DynamicTest.dynamicTest(route.name() + ": no token → 401", () -> expect(401, route, null)));
            tests.add(DynamicTest.dynamicTest(
                    route.name() + ": wrong token → 401", () -> expect(401, route, "mesh_forged")));
        }
        for (Route route : agentRoutes()) {
            tests.add(DynamicTest.dynamicTest(
                    route.name() + ": another agent's token → 403", () -> expect(403, route, mallory.token())));
        }
        for (Route route : agentRoutes()) {
            tests.add(DynamicTest.dynamicTest(
                    route.name() + ": the admin token → 403",
                    () -> expect(403, route, MeshStackExtension.ADMIN_TOKEN)));
        }
        for (Route route : adminRoutes()) {
            tests.add(DynamicTest.dynamicTest(
                    route.name() + ": an agent's token → 403", () -> expect(403, route, alice.token())));
        }
        return tests.stream();
    }

    @Test
    void aRotatedTokenReplacesTheOldOneAtOnce() {
        Agent carol = mesh.registerAgent("carol");

        ApiResponse rotated = mesh.post("admin/agents/" + carol.id() + "/token", MeshStackExtension.ADMIN_TOKEN, "");

        assertEquals(200, rotated.status(), rotated::toString);
        String newToken = rotated.json().getString("token");
        assertEquals(401, mesh.get("inbox", carol.token()).status());
        assertEquals(200, mesh.get("inbox", newToken).status());
        assertEquals(
                404,
                mesh.post("admin/agents/nobody@it/token", MeshStackExtension.ADMIN_TOKEN, "")
                        .status());
    }

    private void expect(int status, Route route, String token) {
        ApiResponse answer = route.call().apply(token);
        assertEquals(status, answer.status(), answer::toString);
        assertTrue(answer.isProblem(), answer::toString);
    }
}
