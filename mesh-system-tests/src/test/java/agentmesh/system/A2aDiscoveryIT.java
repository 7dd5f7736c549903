package agentmesh.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Agents found at an origin: each at its own host name ({@code mesh.a2a.host-pattern}, here
 * {@code {agent}.agents.localhost}, sent as the Host header to 127.0.0.1 since such names do not resolve here), one
 * at the server's root ({@code mesh.a2a.default-agent}), and every agent a caller may talk to in its listing
 * ({@code GET /agents}) — all through the root module's forward to the same facade and the same door as the path
 * form, which stays as it was.
 */
@ExtendWith(MeshStackExtension.class)
class A2aDiscoveryIT {

    private static final Map<String, String> V1 = Map.of("A2A-Version", "1.0");

    private final int port = MeshStackExtension.stack().config().httpPort();
    private final URI server = URI.create("http://127.0.0.1:" + port + "/");
    private final MeshClient mesh = MeshClient.forStack();
    private final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Test
    void anAgentsCardIsAtItsOwnHostAndNamesThatOrigin() throws Exception {
        MeshClient.Agent bob = registerWithHostName("bob-card");
        String origin = "http://" + host(bob) + ":" + port;

        HttpResponse<String> answer = get(host(bob), "/.well-known/agent-card.json", null, Map.of());
        assertEquals(200, answer.statusCode(), answer.body());
        JsonObject card = json(answer);
        assertEquals(origin, card.getString("url"));
        assertEquals(
                List.of(origin, origin, origin),
                card.getJsonArray("supportedInterfaces").getValuesAs(JsonObject.class).stream()
                        .map(i -> i.getString("url"))
                        .toList());
        assertEquals(
                origin,
                json(get(host(bob).toUpperCase(), "/.well-known/agent-card.json", null, Map.of("A2A-Version", "0.3")))
                        .getString("url"),
                "host names have no case; the 0.3 card too");
    }

    @Test
    void aJsonRpcSendAtTheHostsRootReachesTheAgent() throws Exception {
        MeshClient.Agent alice = registerWithHostName("alice-send");
        MeshClient.Agent bob = registerWithHostName("bob-send");
        mesh.allow(alice, bob);

        JsonObject task = result(post(host(bob), "/", alice.token(), sendMessage("SendMessage", "m-host-1"), V1))
                .getJsonObject("task");
        JsonObject stored =
                mesh.get("tasks/" + task.getString("id"), alice.token()).json();
        assertEquals(alice.id(), stored.getString("requester"));
        assertEquals(bob.id(), stored.getString("assignee"));

        HttpResponse<String> rest = get(host(bob), "/tasks/" + task.getString("id"), alice.token(), V1);
        assertEquals(200, rest.statusCode(), "the HTTP+JSON binding at the host: " + rest.body());
        assertEquals(task.getString("id"), json(rest).getString("id"));
    }

    @Test
    void aStreamThroughTheForwardFollowsTheTaskToItsEnd() throws Exception {
        MeshClient.Agent alice = registerWithHostName("alice-stream");
        MeshClient.Agent bob = registerWithHostName("bob-stream");
        mesh.allow(alice, bob);

        HttpResponse<Stream<String>> stream = http.sendAsync(
                        request(host(bob), "/", alice.token(), V1)
                                .header("Content-Type", "application/json")
                                .header("Accept", "text/event-stream")
                                .POST(HttpRequest.BodyPublishers.ofString(
                                        sendMessage("SendStreamingMessage", "m-stream-1")))
                                .build(),
                        HttpResponse.BodyHandlers.ofLines())
                .get(30, TimeUnit.SECONDS);
        assertEquals(200, stream.statusCode());
        assertTrue(stream.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"));
        BlockingQueue<JsonObject> events = new LinkedBlockingQueue<>();
        CompletableFuture<Void> ended = CompletableFuture.runAsync(() -> stream.body()
                .filter(line -> line.startsWith("data:"))
                .forEach(line -> events.add(
                        Json.createReader(new StringReader(line.substring(5))).readObject())));

        JsonObject first = events.poll(30, TimeUnit.SECONDS);
        assertNotNull(first, "the first event, the task");
        String taskId = first.getJsonObject("result").getJsonObject("task").getString("id");
        assertEquals(
                200,
                mesh.post("tasks/" + taskId + "/status", bob.token(), "{\"state\":\"completed\"}")
                        .status());
        ended.get(30, TimeUnit.SECONDS);
        assertTrue(
                events.stream().anyMatch(event -> event.toString().contains("TASK_STATE_COMPLETED")),
                "the completion came through the stream: " + events);
    }

    @Test
    void theAgentsHostHasTheDoorOfItsPath() throws Exception {
        MeshClient.Agent bob = registerWithHostName("bob-door");
        HttpResponse<String> anonymous = post(host(bob), "/", null, sendMessage("SendMessage", "m-door"), V1);
        assertEquals(401, anonymous.statusCode(), anonymous.body());
        assertEquals(
                "application/problem+json",
                anonymous.headers().firstValue("Content-Type").orElseThrow());
        assertTrue(anonymous.headers().firstValue("WWW-Authenticate").isPresent());
        assertEquals(
                403,
                post(host(bob), "/", MeshStackExtension.ADMIN_TOKEN, sendMessage("SendMessage", "m-door"), V1)
                        .statusCode(),
                "the admin token is no agent's, at the host as at the path");
        HttpResponse<String> unusual = get(host(bob), "/tasks/a%20b", bob.token(), Map.of());
        assertEquals(404, unusual.statusCode(), "only plain paths are forwarded: " + unusual.body());
        assertEquals(
                "application/problem+json",
                unusual.headers().firstValue("Content-Type").orElseThrow());
    }

    @Test
    void theDefaultAgentIsAtTheServersRoot() throws Exception {
        registerDefaultAgent();
        MeshClient.Agent alice = registerWithHostName("alice-root");
        allow(alice.id(), MeshStackExtension.DEFAULT_A2A_AGENT);

        JsonObject card = json(get(null, "/.well-known/agent-card.json", null, Map.of()));
        assertEquals("http://127.0.0.1:" + port, card.getString("url"));
        JsonObject task = result(post(null, "/", alice.token(), sendMessage("SendMessage", "m-root-1"), V1))
                .getJsonObject("task");
        assertEquals(
                MeshStackExtension.DEFAULT_A2A_AGENT,
                mesh.get("tasks/" + task.getString("id"), alice.token()).json().getString("assignee"));
    }

    @Test
    void thePathFormIsUnchanged() throws Exception {
        MeshClient.Agent bob = registerWithHostName("bob-path");
        JsonObject card = json(get(null, "/mesh/a2a/" + bob.id() + "/.well-known/agent-card.json", null, Map.of()));
        assertEquals("http://127.0.0.1:" + port + "/mesh/a2a/" + bob.id(), card.getString("url"));
        assertEquals(
                "http://127.0.0.1:" + port + "/mesh",
                card.getJsonObject("provider").getString("url"));
    }

    @Test
    void theServersOwnEndpointsAtTheRootStillAnswer() {
        ApiResponse ready =
                new MeshClient(MeshStackExtension.stack().server().managementUri()).get("health/ready", null);
        assertEquals(200, ready.status(), ready.body());
    }

    @Test
    void anAgentWhoseIdIsNoHostLabelIsAtTheHostOfTheLabelAnAdminGaveIt() throws Exception {
        MeshClient.Agent alice = registerWithHostName("alice-label");
        MeshClient.Agent carol = mesh.registerAgent("carol-label"); // carol-label-…@it: no host of its own
        mesh.allow(alice, carol);
        String label = "carol-" + UUID.randomUUID().toString().substring(0, 8);
        String host = MeshStackExtension.A2A_HOST_PATTERN.replace("{agent}", label);
        HttpResponse<String> nobody = get("nobody-" + host, "/.well-known/agent-card.json", null, Map.of());
        assertEquals(404, nobody.statusCode(), "a label no agent has: " + nobody.body());

        ApiResponse labelled = mesh.put(
                "admin/agents/" + carol.id() + "/card",
                MeshStackExtension.ADMIN_TOKEN,
                "{\"description\":\"Carol\",\"hostLabel\":\"" + label + "\"}");
        assertEquals(200, labelled.status(), labelled.body());
        assertEquals(label, labelled.json().getString("hostLabel"));
        JsonObject card = json(get(host, "/.well-known/agent-card.json", null, Map.of()));
        assertEquals("http://" + host + ":" + port, card.getString("url"));
        assertEquals("Carol", card.getString("description"));
        JsonObject task = result(post(host, "/", alice.token(), sendMessage("SendMessage", "m-label-1"), V1))
                .getJsonObject("task");
        assertEquals(
                carol.id(),
                mesh.get("tasks/" + task.getString("id"), alice.token()).json().getString("assignee"));
        assertEquals(
                "http://" + host + ":" + port + "/.well-known/agent-card.json",
                mesh.get("agents", alice.token())
                        .json()
                        .getJsonArray("agents")
                        .getJsonObject(0)
                        .getString("card"));

        // One host, one agent: neither another's label nor another's id
        MeshClient.Agent dave = mesh.registerAgent("dave-label");
        for (String taken : List.of(label, alice.id())) {
            ApiResponse refused = mesh.put(
                    "admin/agents/" + dave.id() + "/card",
                    MeshStackExtension.ADMIN_TOKEN,
                    "{\"hostLabel\":\"" + taken + "\"}");
            assertEquals(400, refused.status(), refused.body());
            assertTrue(refused.body().contains("hostLabel"), refused.body());
        }
        ApiResponse notALabel = mesh.put(
                "admin/agents/" + dave.id() + "/card",
                MeshStackExtension.ADMIN_TOKEN,
                "{\"hostLabel\":\"Dave.Label\"}");
        assertEquals(400, notALabel.status(), notALabel.body());
    }

    @Test
    void theListingNamesEachContactWithItsCard() throws Exception {
        MeshClient.Agent alice = registerWithHostName("alice-list");
        MeshClient.Agent bob = registerWithHostName("bob-list");
        MeshClient.Agent carol = mesh.registerAgent("carol-list"); // carol-…@it: no host label
        MeshClient.Agent stranger = registerWithHostName("stranger-list");
        mesh.allow(alice, bob);
        mesh.allow(alice, carol);

        ApiResponse listed = mesh.get("agents", alice.token());
        assertEquals(200, listed.status(), listed.body());
        List<JsonObject> agents = listed.json().getJsonArray("agents").getValuesAs(JsonObject.class);
        assertEquals(
                List.of(bob.id(), carol.id()),
                agents.stream().map(a -> a.getString("agentId")).toList(),
                "the contacts only, in id order");
        assertEquals(
                "http://" + host(bob) + ":" + port + "/.well-known/agent-card.json",
                agents.get(0).getString("card"));
        assertEquals(
                "http://127.0.0.1:" + port + "/mesh/a2a/" + carol.id() + "/.well-known/agent-card.json",
                agents.get(1).getString("card"));
        assertNull(listed.json().get("nextCursor"));

        JsonObject first = mesh.get("agents?limit=1", alice.token()).json();
        assertEquals(bob.id(), first.getJsonArray("agents").getJsonObject(0).getString("agentId"));
        JsonObject next = mesh.get("agents?limit=1&cursor=" + first.getString("nextCursor"), alice.token())
                .json();
        assertEquals(carol.id(), next.getJsonArray("agents").getJsonObject(0).getString("agentId"));

        assertEquals(
                0,
                mesh.get("agents", stranger.token())
                        .json()
                        .getJsonArray("agents")
                        .size());
        assertEquals(401, mesh.get("agents", null).status());
        assertEquals(403, mesh.get("agents", MeshStackExtension.ADMIN_TOKEN).status());
    }

    // An id that is a host label: lowercase letters, digits and hyphens (the mesh's test ids end in @it otherwise).
    private MeshClient.Agent registerWithHostName(String prefix) {
        String agentId = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        ApiResponse registered = mesh.post(
                "admin/agents",
                MeshStackExtension.ADMIN_TOKEN,
                Json.createObjectBuilder().add("agentId", agentId).build().toString());
        assertEquals(201, registered.status(), registered.body());
        return new MeshClient.Agent(agentId, registered.json().getString("token"));
    }

    // Once per stack: the stack names the default agent, the tests register it.
    private void registerDefaultAgent() {
        ApiResponse registered = mesh.post(
                "admin/agents",
                MeshStackExtension.ADMIN_TOKEN,
                Json.createObjectBuilder()
                        .add("agentId", MeshStackExtension.DEFAULT_A2A_AGENT)
                        .add("displayName", "Front desk")
                        .build()
                        .toString());
        assertTrue(registered.status() == 201 || registered.status() == 409, registered.toString());
    }

    private void allow(String one, String other) {
        assertEquals(
                204,
                mesh.post("admin/agents/" + one + "/contacts/" + other, MeshStackExtension.ADMIN_TOKEN, "")
                        .status());
    }

    private static String host(MeshClient.Agent agent) {
        return MeshStackExtension.A2A_HOST_PATTERN.replace("{agent}", agent.id());
    }

    // A send that answers at once (SendMessage) or a stream (SendStreamingMessage) of a new task.
    private static String sendMessage(String method, String messageId) {
        String configuration = method.equals("SendMessage") ? "\"configuration\":{\"returnImmediately\":true}," : "";
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"" + method + "\",\"params\":{" + configuration
                + "\"message\":{\"messageId\":\"" + messageId + "\",\"role\":\"ROLE_USER\","
                + "\"parts\":[{\"text\":\"found you\"}]}}}";
    }

    // To 127.0.0.1, with the given host name (and the port) as the Host header; null: the server's own address.
    private HttpRequest.Builder request(String host, String path, String token, Map<String, String> headers) {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(server.resolve(path)).timeout(Duration.ofSeconds(60));
        if (host != null) {
            request.header("Host", host + ":" + port);
        }
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        headers.forEach(request::header);
        return request;
    }

    private HttpResponse<String> get(String host, String path, String token, Map<String, String> headers)
            throws Exception {
        return http.send(request(host, path, token, headers).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String host, String path, String token, String body, Map<String, String> headers)
            throws Exception {
        return http.send(
                request(host, path, token, headers)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static JsonObject json(HttpResponse<String> response) {
        return Json.createReader(new StringReader(response.body())).readObject();
    }

    private static JsonObject result(HttpResponse<String> response) {
        assertEquals(200, response.statusCode(), response.body());
        JsonObject body = json(response);
        assertTrue(body.containsKey("result"), response.body());
        return body.getJsonObject("result");
    }
}
