package agentmesh.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.client.InboxEvent;
import agentmesh.client.MeshAgent;
import agentmesh.client.TaskState;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The A2A facade over plain HTTP, for what the SDK conversations do not show: the card an admin describes, the door
 * (token, admin, unknown agent), the specification's error codes for every kind of bad call — each one changing
 * nothing — and a blocking send that returns when the task needs the caller.
 */
@ExtendWith(MeshStackExtension.class)
class A2aFacadeIT {

    private final URI base = MeshStackExtension.stack().config().baseUri();
    private final MeshClient mesh = MeshClient.forStack();
    private final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Test
    void theCardIsPublicAndSaysWhatTheAdminSet() throws Exception {
        MeshClient.Agent bob = mesh.registerAgent("bob-card");
        String skills = "[{\"id\":\"review\",\"name\":\"Code review\",\"description\":\"Reviews pull requests\","
                + "\"tags\":[\"code\",\"review\"],\"examples\":[\"Please review PR 42\"]}]";
        ApiResponse set = mesh.put(
                "admin/agents/" + bob.id() + "/card",
                MeshStackExtension.ADMIN_TOKEN,
                "{\"description\":\"Reviews Java code\",\"skills\":" + skills + "}");
        assertEquals(200, set.status(), set.body());

        JsonObject card = json(get("/mesh/a2a/" + bob.id() + "/.well-known/agent-card.json", null, Map.of()));
        assertEquals("Reviews Java code", card.getString("description"));
        assertEquals("Code review", card.getJsonArray("skills").getJsonObject(0).getString("name"));
        assertTrue(card.getJsonObject("capabilities").getBoolean("streaming"));
        assertEquals(
                "bearer",
                card.getJsonObject("securitySchemes")
                        .getJsonObject("meshBearer")
                        .getJsonObject("httpAuthSecurityScheme")
                        .getString("scheme"));
        assertEquals(
                List.of("JSONRPC/1.0", "HTTP+JSON/1.0", "JSONRPC/0.3"),
                card.getJsonArray("supportedInterfaces").getValuesAs(JsonObject.class).stream()
                        .map(i -> i.getString("protocolBinding") + "/" + i.getString("protocolVersion"))
                        .toList());
        assertEquals(base.resolve("/mesh/a2a/" + bob.id()).toString(), card.getString("url"));

        ApiResponse refused = mesh.put(
                "admin/agents/" + bob.id() + "/card",
                MeshStackExtension.ADMIN_TOKEN,
                "{\"description\":\"Something else\",\"skills\":[{\"id\":\"x\",\"name\":\"X\"}]}");
        assertEquals(400, refused.status(), refused.body());
        assertTrue(refused.isProblem());
        assertEquals(
                "Reviews Java code",
                json(get("/mesh/a2a/" + bob.id() + "/.well-known/agent-card.json", null, Map.of()))
                        .getString("description"));
        assertEquals(
                404,
                get("/mesh/a2a/nobody-" + UUID.randomUUID() + "/.well-known/agent-card.json", null, Map.of())
                        .statusCode());
    }

    @Test
    void theDoorIsTheApis() throws Exception {
        MeshClient.Agent bob = mesh.registerAgent("bob-door");
        String call = rpc("GetTask", "{\"id\":\"t\"}");
        HttpResponse<String> anonymous = post("/mesh/a2a/" + bob.id(), null, call, Map.of());
        assertEquals(401, anonymous.statusCode());
        assertEquals(
                "application/problem+json",
                anonymous.headers().firstValue("Content-Type").orElseThrow());
        assertEquals(
                403,
                post("/mesh/a2a/" + bob.id(), MeshStackExtension.ADMIN_TOKEN, call, Map.of())
                        .statusCode());
        assertEquals(
                404,
                post("/mesh/a2a/nobody-" + UUID.randomUUID(), bob.token(), call, Map.of())
                        .statusCode());
    }

    @Test
    void badCallsGetTheSpecificationsErrorsAndChangeNothing() throws Exception {
        MeshClient.Agent alice = mesh.registerAgent("alice-errors");
        MeshClient.Agent bob = mesh.registerAgent("bob-errors");
        MeshClient.Agent carol = mesh.registerAgent("carol-errors");
        mesh.allow(alice, bob);
        mesh.allow(carol, bob);
        String bobAddress = "/mesh/a2a/" + bob.id();
        Map<String, String> v1 = Map.of("A2A-Version", "1.0");

        assertEquals(
                -32009,
                error(post(bobAddress, alice.token(), rpc("GetTask", "{\"id\":\"t\"}"), Map.of("A2A-Version", "0.2")))
                        .getInt("code"));
        assertEquals(
                -32601,
                error(post(bobAddress, alice.token(), rpc("DoSomething", "{}"), v1))
                        .getInt("code"));
        assertEquals(
                -32700,
                error(post(bobAddress, alice.token(), "{\"jsonrpc\":", v1)).getInt("code"));
        assertEquals(-32600, error(post(bobAddress, alice.token(), "[1,2]", v1)).getInt("code"));
        assertEquals(
                -32602,
                error(post(
                                bobAddress,
                                alice.token(),
                                rpc(
                                        "SendMessage",
                                        "{\"message\":{\"messageId\":\"bad-1\",\"role\":\"ROLE_USER\",\"parts\":[{\"data\":[1,2]}]}}"),
                                v1))
                        .getInt("code"));
        assertEquals(
                -32602,
                error(post(
                                bobAddress,
                                alice.token(),
                                rpc(
                                        "SendMessage",
                                        "{\"message\":{\"messageId\":\"bad 2\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\"x\"}]}}"),
                                v1))
                        .getInt("code"));
        JsonObject stranger = error(post(
                "/mesh/a2a/" + carol.id(),
                alice.token(),
                rpc(
                        "SendMessage",
                        "{\"message\":{\"messageId\":\"m-1\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\"hi\"}]}}"),
                v1));
        assertEquals(
                "NOT_IN_CONTACT",
                stranger.getJsonArray("data").getJsonObject(0).getString("reason"),
                stranger.toString());
        assertEquals(
                0, mesh.get("tasks", alice.token()).json().getJsonArray("tasks").size(), "nothing stored");

        // carol's task with bob is no task at alice's call, and an unknown one is not found either
        String carolsTask = mesh.send(carol, MeshClient.textMessage("m-c", bob, null, "carol's"))
                .getString("taskId");
        assertEquals(
                -32001,
                error(post(bobAddress, alice.token(), rpc("GetTask", "{\"id\":\"" + carolsTask + "\"}"), v1))
                        .getInt("code"));
        HttpResponse<String> rest = get(bobAddress + "/tasks/no-such-task", alice.token(), v1);
        assertEquals(404, rest.statusCode());
        assertEquals("NOT_FOUND", json(rest).getJsonObject("error").getString("status"));
        assertEquals(
                -32001,
                error(post(
                                bobAddress,
                                alice.token(),
                                rpc(
                                        "CreateTaskPushNotificationConfig",
                                        "{\"taskId\":\"" + carolsTask + "\",\"url\":\"http://127.0.0.1:1/\"}"),
                                v1))
                        .getInt("code"));

        // a completed task can be neither canceled nor subscribed to
        String taskId = result(post(
                        bobAddress,
                        alice.token(),
                        rpc(
                                "SendMessage",
                                "{\"configuration\":"
                                        + "{\"returnImmediately\":true},\"message\":{\"messageId\":\"m-done\",\"role\":\"ROLE_USER\","
                                        + "\"parts\":[{\"text\":\"finish it\"}]}}"),
                        v1))
                .getJsonObject("task")
                .getString("id");
        assertEquals(
                200,
                mesh.post("tasks/" + taskId + "/status", bob.token(), "{\"state\":\"completed\"}")
                        .status());
        assertEquals(
                -32002,
                error(post(bobAddress, alice.token(), rpc("CancelTask", "{\"id\":\"" + taskId + "\"}"), v1))
                        .getInt("code"));
        assertEquals(
                -32004,
                error(post(bobAddress, alice.token(), rpc("SubscribeToTask", "{\"id\":\"" + taskId + "\"}"), v1))
                        .getInt("code"));
        assertEquals(
                "completed",
                mesh.get("tasks/" + taskId, alice.token())
                        .json()
                        .getJsonObject("status")
                        .getString("state"));
    }

    @Test
    void theCardHasAViewPerVersion() throws Exception {
        MeshClient.Agent bob = mesh.registerAgent("bob-views");
        String path = "/mesh/a2a/" + bob.id() + "/.well-known/agent-card.json";
        HttpResponse<String> plain = get(path, null, Map.of());
        assertEquals("A2A-Version", plain.headers().firstValue("Vary").orElse(""));
        JsonObject v1 = json(get(path, null, Map.of("A2A-Version", "1.0")));
        assertEquals(
                List.of("httpAuthSecurityScheme"),
                List.copyOf(v1.getJsonObject("securitySchemes")
                        .getJsonObject("meshBearer")
                        .keySet()),
                "a oneof: one member");
        assertTrue(v1.containsKey("securityRequirements"));
        for (String of03 : List.of("url", "preferredTransport", "protocolVersion", "additionalInterfaces")) {
            assertFalse(v1.containsKey(of03), "the 1.0 card alone has no 0.3 field: " + of03);
        }
        // Naming no version (0.3 by the specification, but some 1.0 clients skip the header on the card): the 1.0
        // card with the 0.3 fields beside it.
        JsonObject unversioned = json(plain);
        v1.forEach((name, value) -> assertEquals(value, unversioned.get(name), name));
        assertEquals(base.resolve("/mesh/a2a/" + bob.id()).toString(), unversioned.getString("url"));
        assertEquals("JSONRPC", unversioned.getString("preferredTransport"));

        for (HttpResponse<String> asked : List.of(
                get(path, null, Map.of("A2A-Version", "0.3")), get(path + "?A2A-Version=0.3", null, Map.of()))) {
            JsonObject v03 = json(asked);
            assertEquals(
                    "http",
                    v03.getJsonObject("securitySchemes")
                            .getJsonObject("meshBearer")
                            .getString("type"));
            assertEquals("0.3.0", v03.getString("protocolVersion"));
            assertEquals(base.resolve("/mesh/a2a/" + bob.id()).toString(), v03.getString("url"));
            assertFalse(v03.containsKey("supportedInterfaces"));
        }
        assertEquals(
                v1,
                json(get(path, null, Map.of("A2A-Version", "7.0"))),
                "an unknown version reads the 1.0" + " card, whose interfaces say what is spoken");
    }

    @Test
    void listTasksFiltersPagesAndRefusesAPageSizeOutOfRange() throws Exception {
        MeshClient.Agent alice = mesh.registerAgent("alice-list");
        MeshClient.Agent bob = mesh.registerAgent("bob-list");
        mesh.allow(alice, bob);
        String bobAddress = "/mesh/a2a/" + bob.id();
        Map<String, String> v1 = Map.of("A2A-Version", "1.0");
        String first = sendImmediately(alice, bobAddress, "m-list-1", "ctx-list-a");
        String second = sendImmediately(alice, bobAddress, "m-list-2", "ctx-list-b");
        assertEquals(
                200,
                mesh.post("tasks/" + first + "/status", bob.token(), "{\"state\":\"working\"}")
                        .status());

        for (Map<String, String> version : List.of(v1, Map.of("A2A-Version", "0.3"))) {
            for (String size : List.of("0", "101", "-1", "\"many\"")) {
                JsonObject refused = error(
                        post(bobAddress, alice.token(), rpc("ListTasks", "{\"pageSize\":" + size + "}"), version));
                assertEquals(-32602, refused.getInt("code"), refused.toString());
                assertTrue(refused.toString().contains("\"field\":\"pageSize\""), refused.toString());
            }
        }
        HttpResponse<String> rest = get(bobAddress + "/tasks?pageSize=101", alice.token(), v1);
        assertEquals(400, rest.statusCode(), rest.body());
        assertEquals("INVALID_ARGUMENT", json(rest).getJsonObject("error").getString("status"));
        assertEquals(
                -32601,
                error(post(bobAddress, alice.token(), rpc("tasks/list", "{}"), Map.of("A2A-Version", "0.3")))
                        .getInt("code"),
                "0.3 has no tasks/list over JSON-RPC");

        JsonObject all = result(post(bobAddress, alice.token(), rpc("ListTasks", "{}"), v1));
        assertEquals(List.of(first, second), ids(all), "the last updated first: the status change is newest");
        assertEquals("", all.getString("nextPageToken"));
        assertEquals(2, all.getInt("totalSize"));
        assertEquals(50, all.getInt("pageSize"));
        assertFalse(all.getJsonArray("tasks").getJsonObject(0).containsKey("artifacts"));

        JsonObject page = result(post(bobAddress, alice.token(), rpc("ListTasks", "{\"pageSize\":1}"), v1));
        assertEquals(List.of(first), ids(page));
        assertEquals(2, page.getInt("totalSize"));
        JsonObject next = result(post(
                bobAddress,
                alice.token(),
                rpc("ListTasks", "{\"pageSize\":1," + "\"pageToken\":\"" + page.getString("nextPageToken") + "\"}"),
                v1));
        assertEquals(List.of(second), ids(next));
        assertEquals("", next.getString("nextPageToken"));

        assertEquals(
                List.of(second),
                ids(result(post(bobAddress, alice.token(), rpc("ListTasks", "{\"contextId\":\"ctx-list-b\"}"), v1))));
        JsonObject working =
                result(post(bobAddress, alice.token(), rpc("ListTasks", "{\"status\":\"TASK_STATE_WORKING\"}"), v1));
        assertEquals(List.of(first), ids(working));
        assertEquals(1, working.getInt("totalSize"));
        JsonObject none = result(post(
                bobAddress,
                alice.token(),
                rpc("ListTasks", "{\"statusTimestampAfter\":\"2999-01-01T00:00:00Z\"}"),
                v1));
        assertEquals(List.of(), ids(none));
        assertEquals(0, none.getInt("totalSize"));
        assertEquals(
                2,
                ids(result(post(
                                bobAddress,
                                alice.token(),
                                rpc("ListTasks", "{\"statusTimestampAfter\":\"2000-01-01T00:00:00Z\"}"),
                                v1)))
                        .size());
        JsonObject withArtifacts = result(post(
                bobAddress, alice.token(), rpc("ListTasks", "{\"includeArtifacts\":true,\"historyLength\":1}"), v1));
        assertTrue(withArtifacts.getJsonArray("tasks").getJsonObject(0).containsKey("artifacts"));
        assertEquals(
                1,
                withArtifacts
                        .getJsonArray("tasks")
                        .getJsonObject(0)
                        .getJsonArray("history")
                        .size());
        assertEquals(
                List.of(second),
                ids(json(get(
                        bobAddress + "/tasks?contextId=ctx-list-b"
                                + "&statusTimestampAfter=2000-01-01T00:00:00Z&includeArtifacts=true",
                        alice.token(),
                        v1))));
        assertEquals(
                -32602,
                error(post(bobAddress, alice.token(), rpc("ListTasks", "{\"status\":\"TASK_STATE_RUNNING\"}"), v1))
                        .getInt("code"));
        assertEquals(
                -32602,
                error(post(bobAddress, alice.token(), rpc("ListTasks", "{\"statusTimestampAfter\":\"yesterday\"}"), v1))
                        .getInt("code"));
    }

    private String sendImmediately(MeshClient.Agent from, String address, String messageId, String contextId)
            throws Exception {
        return result(post(
                        address,
                        from.token(),
                        rpc(
                                "SendMessage",
                                "{\"configuration\":{\"returnImmediately\":"
                                        + "true},\"message\":{\"messageId\":\"" + messageId + "\",\"contextId\":\""
                                        + contextId
                                        + "\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\"list me\"}]}}"),
                        Map.of("A2A-Version", "1.0")))
                .getJsonObject("task")
                .getString("id");
    }

    private static List<String> ids(JsonObject listing) {
        return listing.getJsonArray("tasks").getValuesAs(JsonObject.class).stream()
                .map(t -> t.getString("id"))
                .toList();
    }

    @Test
    void aBlockingSendReturnsWhenTheTaskNeedsTheCaller() throws Exception {
        MeshClient.Agent alice = mesh.registerAgent("alice-blocking");
        MeshClient.Agent bob = mesh.registerAgent("bob-blocking");
        mesh.allow(alice, bob);
        MeshAgent bobAgent = MeshAgent.builder(base, bob.id(), bob.token()).build();

        CompletableFuture<HttpResponse<String>> waiting = http.sendAsync(
                request("/mesh/a2a/" + bob.id(), alice.token(), Map.of("A2A-Version", "0.3"))
                        .POST(
                                HttpRequest.BodyPublishers.ofString(
                                        rpc(
                                                "message/send",
                                                "{\"message\":{\"kind\":\"message\",\"messageId\":\"m-wait\","
                                                        + "\"role\":\"user\",\"parts\":[{\"kind\":\"text\",\"text\":\"Which branch?\"}]}}")))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        InboxEvent.MessageEvent asked = Inbox.awaitMessage(bobAgent, "m-wait");
        assertFalse(waiting.isDone(), "the send waits while the task is submitted");
        bobAgent.changeStatus(asked.taskId(), TaskState.INPUT_REQUIRED, "Which branch do you mean?");

        JsonObject task = result(waiting.get());
        assertEquals("task", task.getString("kind"));
        assertEquals("input-required", task.getJsonObject("status").getString("state"));
        assertEquals(
                "Which branch do you mean?",
                task.getJsonObject("status")
                        .getJsonObject("message")
                        .getJsonArray("parts")
                        .getJsonObject(0)
                        .getString("text"));
    }

    private static String rpc(String method, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"" + method + "\",\"params\":" + params + "}";
    }

    private HttpRequest.Builder request(String path, String token, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(90));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        headers.forEach(request::header);
        return request;
    }

    private HttpResponse<String> get(String path, String token, Map<String, String> headers) throws Exception {
        return http.send(request(path, token, headers).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, String token, String body, Map<String, String> headers)
            throws Exception {
        return http.send(
                request(path, token, headers)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static JsonObject json(HttpResponse<String> response) {
        return Json.createReader(new StringReader(response.body())).readObject();
    }

    private static JsonObject error(HttpResponse<String> response) {
        assertEquals(200, response.statusCode(), response.body());
        JsonObject body = json(response);
        assertTrue(body.containsKey("error"), response.body());
        return body.getJsonObject("error");
    }

    private static JsonObject result(HttpResponse<String> response) {
        assertEquals(200, response.statusCode(), response.body());
        JsonObject body = json(response);
        assertTrue(body.containsKey("result"), response.body());
        return body.getJsonObject("result");
    }
}
