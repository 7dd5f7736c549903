package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.system.MeshClient.Agent;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A stream or a long poll lives no longer than the token that opened it: rotating the token closes them within the
 * bound the changelog states (0.6.0: 2 s; 3 s allowed here for a loaded machine; on another instance:
 * {@link TwoInstancesIT}); an MCP session opened with it ends too. An agent holds a bounded number of streams on each
 * instance: a new one beyond it closes the oldest. Behind the cluster's balancer the rotation may be made on another
 * instance than the one holding the wait, the stream or the session: each is then ended by the change feed, within
 * the same bound.
 */
@ExtendWith(MeshStackExtension.class)
class TokenRotationIT {

    static final Duration BOUND = Duration.ofSeconds(3);

    private final MeshClient mesh = MeshClient.forStack();

    @Test
    void aLongPollWaitingWhenTheTokenIsRotatedIsAnswered401() throws Exception {
        Agent erin = mesh.registerAgent("erin");
        double looks = MeshMetrics.inboxLooks();
        CompletableFuture<ApiResponse> poll = mesh.getAsync("inbox?wait=30", erin.token());
        // Its first look at the empty inbox: the server holds the poll from then on.
        await().atMost(Duration.ofSeconds(10)).until(() -> MeshMetrics.inboxLooks() > looks);

        mesh.post("admin/agents/" + erin.id() + "/token", MeshStackExtension.ADMIN_TOKEN, "");

        ApiResponse answer = poll.get(BOUND.toMillis(), TimeUnit.MILLISECONDS);
        assertEquals(401, answer.status(), answer::toString);
        assertTrue(answer.isProblem());
    }

    @Test
    void anAgentsNinthStreamClosesItsOldest() throws Exception {
        Agent frank = mesh.registerAgent("frank");
        Agent grace = mesh.registerAgent("grace");
        mesh.allow(frank, grace);
        // The cap is each instance's: all nine on one instance, not spread by a balancer.
        URI instance = MeshStackExtension.stack().server().baseUri();
        List<SseClient> streams = new ArrayList<>();
        try {
            for (int i = 0; i < 8; i++) {
                SseClient stream = stream(instance, frank.token());
                assertEquals(200, stream.status());
                streams.add(stream);
            }
            SseClient ninth = stream(instance, frank.token());
            streams.add(ninth);

            assertEquals(200, ninth.status());
            assertTrue(streams.get(0).endsWithin(BOUND), "the oldest stream is closed");
            mesh.send(grace, MeshClient.textMessage(null, frank, null, "to every open stream"));
            for (SseClient open : streams.subList(1, 9)) {
                assertEquals(1, open.take(1, Duration.ofSeconds(30)).size(), "the other streams stay open");
            }
        } finally {
            streams.forEach(SseClient::close);
        }
    }

    @Test
    void anMcpSessionOfARotatedTokenEndsAndTheNewTokenOpensAnother() throws Exception {
        Agent heidi = mesh.registerAgent("heidi");
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> opened = http.send(mcp(heidi.token(), null, INITIALIZE), BodyHandlers.ofString());
        assertEquals(200, opened.statusCode(), opened.body());
        String session = opened.headers().firstValue("Mcp-Session-Id").orElseThrow();
        assertEquals(
                200,
                http.send(mcp(heidi.token(), session, TOOLS_LIST), BodyHandlers.ofString())
                        .statusCode());

        String newToken = mesh.post("admin/agents/" + heidi.id() + "/token", MeshStackExtension.ADMIN_TOKEN, "")
                .json()
                .getString("token");

        await().atMost(BOUND)
                .until(() -> http.send(mcp(heidi.token(), session, TOOLS_LIST), BodyHandlers.ofString())
                                .statusCode()
                        == 401);
        await().atMost(BOUND)
                .until(() -> http.send(mcp(newToken, session, TOOLS_LIST), BodyHandlers.ofString())
                                .statusCode()
                        == 404);
        HttpResponse<String> reopened = http.send(mcp(newToken, null, INITIALIZE), BodyHandlers.ofString());
        assertEquals(200, reopened.statusCode(), reopened.body());
        String newSession = reopened.headers().firstValue("Mcp-Session-Id").orElseThrow();
        assertEquals(
                200,
                http.send(mcp(newToken, newSession, TOOLS_LIST), BodyHandlers.ofString())
                        .statusCode());
    }

    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\","
            + "\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
            + "\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}}";
    private static final String TOOLS_LIST = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}";

    private static HttpRequest mcp(String token, String session, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base().resolve("/mesh/mcp"))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (session != null) {
            request.header("Mcp-Session-Id", session).header("MCP-Protocol-Version", "2025-06-18");
        }
        return request.build();
    }

    static URI base() {
        return MeshStackExtension.stack().config().baseUri();
    }

    static SseClient stream(URI apiBase, String token) {
        return new SseClient(apiBase.resolve("inbox/stream"), token, Optional.empty());
    }
}
