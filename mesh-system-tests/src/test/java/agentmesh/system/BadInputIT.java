package agentmesh.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.system.MeshClient.Agent;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/** Every refused send gets the right 4xx as problem+json and writes nothing. */
@ExtendWith(MeshStackExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BadInputIT {

    private MeshClient mesh;
    private Agent alice;
    private Agent bob;
    private Agent carol;
    private String aliceBobTask;

    @BeforeAll
    void agentsAndATask() {
        mesh = MeshClient.forStack();
        alice = mesh.registerAgent("alice");
        bob = mesh.registerAgent("bob");
        carol = mesh.registerAgent("carol");
        mesh.allow(alice, bob);
        mesh.allow(carol, bob);
        aliceBobTask = mesh.send(alice, MeshClient.textMessage(null, bob, null, "hello"))
                .getString("taskId");
    }

    record Case(String name, int status, Supplier<ApiResponse> request) {}

    @TestFactory
    Stream<DynamicTest> refusedSendsChangeNothing() {
        String text = "[{\"kind\":\"text\",\"text\":\"hi\"}]";
        List<Case> cases = List.of(
                send("malformed JSON", 400, alice, "{\"to\":"),
                send("not a JSON object", 400, alice, "[1,2]"),
                send("empty body", 400, alice, ""),
                send("missing to", 400, alice, "{\"parts\":" + text + "}"),
                send("missing parts", 400, alice, "{\"to\":\"" + bob.id() + "\"}"),
                send("empty parts", 400, alice, "{\"to\":\"" + bob.id() + "\",\"parts\":[]}"),
                send("to is a number", 400, alice, "{\"to\":5,\"parts\":" + text + "}"),
                send("bad recipient id", 400, alice, "{\"to\":\"a b\",\"parts\":" + text + "}"),
                send(
                        "bad message id",
                        400,
                        alice,
                        "{\"messageId\":\"m id\",\"to\":\"" + bob.id() + "\",\"parts\":" + text + "}"),
                send(
                        "message id too long",
                        400,
                        alice,
                        "{\"messageId\":\"" + "m".repeat(201) + "\",\"to\":\"" + bob.id() + "\",\"parts\":" + text
                                + "}"),
                send(
                        "bad task id",
                        400,
                        alice,
                        "{\"taskId\":\"../x\",\"to\":\"" + bob.id() + "\",\"parts\":" + text + "}"),
                send(
                        "unknown part kind",
                        400,
                        alice,
                        "{\"to\":\"" + bob.id() + "\",\"parts\":[{\"kind\":\"video\",\"text\":\"x\"}]}"),
                send(
                        "text part without text",
                        400,
                        alice,
                        "{\"to\":\"" + bob.id() + "\",\"parts\":[{\"kind\":\"text\"}]}"),
                new Case("body over 1 MiB", 413, () -> tooLarge(alice)),
                send("unknown recipient", 404, alice, "{\"to\":\"nobody@it\",\"parts\":" + text + "}"),
                send("no token", 401, null, "{\"to\":\"" + bob.id() + "\",\"parts\":" + text + "}"),
                sendWithToken(
                        "wrong token", 401, "mesh_not-a-token", "{\"to\":\"" + bob.id() + "\",\"parts\":" + text + "}"),
                sendWithToken(
                        "admin token on an agent route",
                        403,
                        MeshStackExtension.ADMIN_TOKEN,
                        "{\"to\":\"" + bob.id() + "\",\"parts\":" + text + "}"),
                send("recipient not a contact", 403, alice, "{\"to\":\"" + carol.id() + "\",\"parts\":" + text + "}"),
                send(
                        "unknown task",
                        404,
                        alice,
                        "{\"taskId\":\"no-such-task\",\"to\":\"" + bob.id() + "\",\"parts\":" + text + "}"),
                send(
                        "contextId does not match the task",
                        400,
                        alice,
                        "{\"taskId\":\"" + aliceBobTask + "\",\"contextId\":\"other-context\",\"to\":\"" + bob.id()
                                + "\",\"parts\":" + text + "}"),
                send(
                        "task of other agents",
                        403,
                        carol,
                        "{\"taskId\":\"" + aliceBobTask + "\",\"to\":\"" + bob.id() + "\",\"parts\":" + text + "}"),
                new Case("not JSON at all (text/plain)", 415, () -> plainText(alice)),
                new Case("reading a task of other agents", 403, () -> mesh.get("tasks/" + aliceBobTask, carol.token())),
                new Case(
                        "bad historyLength",
                        400,
                        () -> mesh.get("tasks/" + aliceBobTask + "?historyLength=-1", alice.token())),
                new Case(
                        "agent token on an admin route",
                        403,
                        () -> mesh.post("admin/agents", alice.token(), "{\"agentId\":\"sneaky@it\"}")),
                new Case(
                        "no token on an admin route",
                        401,
                        () -> mesh.post("admin/agents", null, "{\"agentId\":\"sneaky@it\"}")),
                new Case(
                        "bad agent id on registration",
                        400,
                        () -> mesh.post("admin/agents", MeshStackExtension.ADMIN_TOKEN, "{\"agentId\":\"x\"}")),
                new Case(
                        "display name with a NUL",
                        400,
                        () -> mesh.post(
                                "admin/agents",
                                MeshStackExtension.ADMIN_TOKEN,
                                "{\"agentId\":\"nul-name@it\",\"displayName\":\"a\\u0000b\"}")),
                new Case(
                        "status reason with an unpaired surrogate",
                        400,
                        () -> mesh.post(
                                "tasks/" + aliceBobTask + "/status",
                                bob.token(),
                                "{\"state\":\"working\",\"reason\":\"half \\ud800 of a pair\"}")),
                new Case(
                        "registering an existing agent",
                        409,
                        () -> mesh.post(
                                "admin/agents",
                                MeshStackExtension.ADMIN_TOKEN,
                                "{\"agentId\":\"" + alice.id() + "\"}")),
                new Case(
                        "agent as its own contact",
                        400,
                        () -> mesh.post(
                                "admin/agents/" + alice.id() + "/contacts/" + alice.id(),
                                MeshStackExtension.ADMIN_TOKEN,
                                "")),
                new Case(
                        "contact with an unknown agent",
                        404,
                        () -> mesh.post(
                                "admin/agents/" + alice.id() + "/contacts/nobody@it",
                                MeshStackExtension.ADMIN_TOKEN,
                                "")),
                new Case("unknown route", 404, () -> mesh.get("no-such-route", alice.token())));
        return cases.stream()
                .map(c -> DynamicTest.dynamicTest(c.name() + " → " + c.status(), () -> {
                    Map<String, Long> before = MeshDatabase.rowCounts();
                    ApiResponse response = c.request().get();
                    assertEquals(c.status(), response.status(), response::toString);
                    assertTrue(response.isProblem(), response::toString);
                    assertEquals(c.status(), response.json().getInt("status"));
                    assertEquals(before, MeshDatabase.rowCounts());
                }));
    }

    private Case send(String name, int status, Agent from, String body) {
        return sendWithToken(name, status, from == null ? null : from.token(), body);
    }

    private Case sendWithToken(String name, int status, String token, String body) {
        return new Case(name, status, () -> mesh.post("messages", token, body));
    }

    // As a well-behaved HTTP client does with a large body, it asks first (Expect: 100-continue), so the server
    // can refuse it without reading a byte of it.
    private ApiResponse tooLarge(Agent from) {
        String body = "{\"to\":\"" + bob.id() + "\",\"parts\":[{\"kind\":\"text\",\"text\":\"" + "x".repeat(1024 * 1024)
                + "\"}]}";
        return ExpectContinue.post(
                MeshStackExtension.stack().config().baseUri().resolve("messages"),
                Map.of("Authorization", "Bearer " + from.token(), "Content-Type", "application/json"),
                body.getBytes(StandardCharsets.UTF_8));
    }

    private ApiResponse plainText(Agent from) {
        return raw(HttpRequest.newBuilder(
                        MeshStackExtension.stack().config().baseUri().resolve("messages"))
                .header("Authorization", "Bearer " + from.token())
                .header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString("hello")));
    }

    private static ApiResponse raw(HttpRequest.Builder request) {
        try {
            return ApiResponse.of(HttpClient.newBuilder()
                    .version(HttpClient.Version.HTTP_1_1)
                    .build()
                    .send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString()));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
