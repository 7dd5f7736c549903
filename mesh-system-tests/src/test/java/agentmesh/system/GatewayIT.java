package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.stack.MeshServer;
import agentmesh.system.MeshClient.Agent;
import jakarta.json.Json;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The gateway on a server instance of its own: a remote identity service (a fake one, started here) behind
 * timeout, circuit breaker and cache, and the per-agent rate limit at its defaults (the main test server's limit
 * is raised so the other tests can send fast).
 */
@ExtendWith(MeshStackExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GatewayIT {

    private FakeIdentityService identity;
    private MeshServer gateway;
    private MeshClient mesh;

    @BeforeAll
    void aServerWithARemoteIdentityService() {
        identity = new FakeIdentityService(0);
        gateway = MeshStackExtension.stack()
                .addServer(Map.of(
                        "MESH_IDENTITY_MODE", "remote",
                        "MESH_IDENTITY_URL", identity.uri().toString(),
                        "MESH_RATE_LIMIT_PER_SECOND", "50",
                        "MESH_RATE_LIMIT_BURST", "100"));
        mesh = new MeshClient(gateway.baseUri());
    }

    private Agent probeFrom;
    private Agent probeTo;

    /** Each test starts with a healthy service and a closed circuit, whatever the previous one left. */
    @BeforeEach
    void healthyAndClosed() {
        identity.mode(FakeIdentityService.Mode.HEALTHY);
        if (probeFrom == null) {
            probeFrom = mesh.registerAgent("probe");
            probeTo = mesh.registerAgent("probe");
            identity.allow(probeFrom.id(), probeTo.id());
        }
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(500))
                .until(() ->
                        mesh.post("messages", probeFrom.token(), MeshClient.textMessage(null, probeTo, null, "probe"))
                                        .status()
                                == 201);
    }

    @AfterAll
    void stop() {
        gateway.close();
        identity.close();
    }

    @Test
    @Tag("G6")
    void theRemoteServiceDecidesWhoMayTalk() {
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        identity.allow(alice.id(), bob.id());

        assertEquals(
                201,
                mesh.post("messages", alice.token(), MeshClient.textMessage(null, bob, null, "ok"))
                        .status());
        assertEquals(
                403,
                mesh.post("messages", bob.token(), MeshClient.textMessage(null, alice, null, "no"))
                        .status());
    }

    /** The fake service answers after 5 s; the check gives up at its 3 s timeout and the send is refused. */
    @Test
    @Tag("G6")
    void aSlowIdentityServiceIsGivenThreeSecondsAndThenTheSendIsRefusedWith503() {
        Agent alice = mesh.registerAgent("alice");
        Agent carol = mesh.registerAgent("carol");
        identity.allow(alice.id(), carol.id());

        identity.mode(FakeIdentityService.Mode.SLOW);
        long start = System.nanoTime();
        ApiResponse refused = mesh.post("messages", alice.token(), MeshClient.textMessage(null, carol, null, "?"));
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertEquals(503, refused.status(), refused::toString);
        assertTrue(refused.isProblem() && refused.retryAfterSeconds().isPresent(), refused::toString);
        assertTrue(
                took.compareTo(Duration.ofSeconds(3)) >= 0 && took.compareTo(Duration.ofSeconds(5)) < 0,
                "refused after " + took + ": not the 3 s timeout");
    }

    @Test
    @Tag("G6")
    void aSlowIdentityServiceIsAnsweredFromTheLastAnswerForThePair() {
        Agent alice = mesh.registerAgent("alice");
        Agent bob = mesh.registerAgent("bob");
        identity.allow(alice.id(), bob.id());
        assertEquals(
                201,
                mesh.post("messages", alice.token(), MeshClient.textMessage(null, bob, null, "warm"))
                        .status());

        identity.mode(FakeIdentityService.Mode.SLOW);
        ApiResponse cached = mesh.post("messages", alice.token(), MeshClient.textMessage(null, bob, null, "cached"));

        assertEquals(201, cached.status(), cached::toString);
    }

    @Test
    @Tag("G6")
    void theCircuitOpensAfterRepeatedFailuresAndClosesAfterRecovery() {
        Agent alice = mesh.registerAgent("alice");
        Agent dave = mesh.registerAgent("dave");
        identity.allow(alice.id(), dave.id());

        identity.mode(FakeIdentityService.Mode.FAILING);
        for (int i = 0; i < 6; i++) {
            ApiResponse refused = mesh.post("messages", alice.token(), MeshClient.textMessage(null, dave, null, "x"));
            assertEquals(503, refused.status(), refused::toString);
        }
        int callsWhenOpen = identity.calls();
        ApiResponse whileOpen = mesh.post("messages", alice.token(), MeshClient.textMessage(null, dave, null, "x"));
        assertEquals(503, whileOpen.status());
        assertEquals(callsWhenOpen, identity.calls(), "an open circuit does not call the service");

        identity.mode(FakeIdentityService.Mode.HEALTHY);
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofSeconds(1))
                .until(() -> mesh.post("messages", alice.token(), MeshClient.textMessage(null, dave, null, "back"))
                                .status()
                        == 201);
    }

    @Test
    @Tag("G7")
    void aBurstFromOneAgentIsCutToItsRateWithRetryAfterAndAnotherAgentIsServed() throws Exception {
        Agent flooder = mesh.registerAgent("flooder");
        Agent bystander = mesh.registerAgent("bystander");
        HttpClient http =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        URI tasks = gateway.baseUri().resolve("tasks?limit=1");

        long start = System.nanoTime();
        List<CompletableFuture<HttpResponse<String>>> burst = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            burst.add(http.sendAsync(
                    HttpRequest.newBuilder(tasks)
                            .header("Authorization", "Bearer " + flooder.token())
                            .build(),
                    HttpResponse.BodyHandlers.ofString()));
        }
        List<HttpResponse<String>> answers = new ArrayList<>();
        for (CompletableFuture<HttpResponse<String>> answer : burst) {
            answers.add(answer.get());
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        ApiResponse bystanders = mesh.get("tasks?limit=1", bystander.token());

        long served = answers.stream().filter(a -> a.statusCode() == 200).count();
        long limited = answers.stream().filter(a -> a.statusCode() == 429).count();
        // The bucket: 100 at once, 50 a second after that. The server may also turn some away as over capacity.
        double allowed = 100 + 50 * seconds;
        assertTrue(served <= allowed, served + " served in " + seconds + " s, the rate allows " + allowed);
        assertTrue(limited >= 300 - allowed - 1, limited + " refused for the rate of " + 300 + " in " + seconds + " s");
        List<Integer> others = answers.stream()
                .filter(a -> a.statusCode() != 200 && !isOverload(a))
                .map(HttpResponse::statusCode)
                .toList();
        assertEquals(List.of(), others, "answers other than 200, and 429 or 503 with Retry-After");
        assertEquals(200, bystanders.status(), bystanders::toString);
        // The metric counts the rate's refusals; the agent's share and answer bytes refuse some of the burst too.
        long overRate = answers.stream()
                .filter(a -> a.statusCode() == 429 && a.body().contains("/rate-limited"))
                .count();
        assertTrue(MeshMetrics.sum(gateway, "agent_mesh_rate_limited_total", "") >= overRate);
    }

    /** The agent's rate is one, whatever the surface: past it, its MCP tool call is refused as its API requests. */
    @Test
    @Tag("G7")
    void anMcpToolCallOverTheAgentsRateIsRefusedAsItsApiRequestsAre() throws Exception {
        Agent host = mesh.registerAgent("host");
        McpHttp mcp = new McpHttp(gateway.baseUri().resolve("../../mcp"), host.token());
        HttpClient http =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpRequest tasks = HttpRequest.newBuilder(gateway.baseUri().resolve("tasks?limit=1"))
                .header("Authorization", "Bearer " + host.token())
                .build();

        HttpResponse<String> refused = await().atMost(Duration.ofSeconds(30))
                .until(
                        () -> {
                            List<CompletableFuture<HttpResponse<String>>> burst = new ArrayList<>();
                            for (int i = 0; i < 150; i++) {
                                burst.add(http.sendAsync(tasks, HttpResponse.BodyHandlers.ofString()));
                            }
                            CompletableFuture.allOf(burst.toArray(CompletableFuture[]::new))
                                    .join();
                            return mcp.callTool(
                                    "mesh_read_inbox",
                                    Json.createObjectBuilder().build());
                        },
                        answer -> answer.statusCode() == 429);

        assertTrue(refused.body().contains("/rate-limited"), refused.body());
        assertTrue(isOverload(refused), refused.headers().map().toString());
    }

    private static boolean isOverload(HttpResponse<String> answer) {
        return (answer.statusCode() == 429 || answer.statusCode() == 503)
                && answer.headers().firstValue("Retry-After").isPresent()
                && answer.headers().firstValue("Content-Type").orElse("").startsWith("application/problem+json");
    }
}
