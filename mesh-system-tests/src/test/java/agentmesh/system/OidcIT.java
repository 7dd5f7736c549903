package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.stack.MeshServer;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.SignedJWT;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Agents and an admin that sign in with a real OIDC provider — Keycloak, started here with the realm of
 * {@code oidc/mesh-realm.json} — at a mesh instance that trusts it and has no static admin token: they get tokens
 * by client credentials and converse through the API, A2A and MCP; expired, wrong-audience, wrong-issuer, unsigned,
 * tampered, HMAC-forged and rotated-key tokens are refused with 401 problem+json; a key rotation at the provider is
 * picked up without a restart; a token rotation in the mesh revokes an agent's JWTs and ends the wait one opened;
 * disabling an agent refuses all of its tokens and ends what they opened (long polls here and on the stack's other
 * instance, an A2A stream, an MCP session), enabling it lets it back in; the provider stopped is 503, not 401.
 * On demand ({@code ./mesh test oidc}): Keycloak's start and the second instance cost about two minutes.
 */
@Tag("oidc")
@ExtendWith(MeshStackExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OidcIT {

    private static final String REALM = "mesh";
    private static final String SUFFIX = UUID.randomUUID().toString().substring(0, 8);
    private static final String ALICE = "oidc-alice-" + SUFFIX + "@it";
    private static final String BOB = "oidc-bob-" + SUFFIX + "@it";

    private static Keycloak keycloak;
    private static String aliceMeshToken;
    private static MeshServer server;
    private static MeshClient mesh;
    // HTTP/1.1 as the other suites' raw clients: the JDK's default h2c upgrade met a GOAWAY on WildFly's A2A call.
    private final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @BeforeAll
    static void startProviderAndMesh() throws Exception {
        String realm = new String(
                        OidcIT.class
                                .getResourceAsStream("/oidc/mesh-realm.json")
                                .readAllBytes(),
                        StandardCharsets.UTF_8)
                .replace("${ALICE}", ALICE)
                .replace("${BOB}", BOB);
        keycloak = Keycloak.start(realm, REALM);
        MeshClient stack = MeshClient.forStack();
        for (String agent : new String[] {ALICE, BOB}) {
            ApiResponse registered = stack.post(
                    "admin/agents",
                    MeshStackExtension.ADMIN_TOKEN,
                    Json.createObjectBuilder().add("agentId", agent).build().toString());
            assertEquals(201, registered.status(), registered::toString);
            if (agent.equals(ALICE)) {
                aliceMeshToken = registered.json().getString("token");
            }
        }
        ApiResponse allowed =
                stack.post("admin/agents/" + ALICE + "/contacts/" + BOB, MeshStackExtension.ADMIN_TOKEN, "");
        assertEquals(204, allowed.status(), allowed::toString);
        server = MeshStackExtension.stack()
                .addServer(Map.of(
                        "MESH_ADMIN_TOKEN", "",
                        "MESH_AUTH_OIDC_ISSUER", keycloak.issuer(REALM),
                        "MESH_AUTH_OIDC_AUDIENCE", "agent-mesh",
                        "MESH_AUTH_OIDC_AGENT_CLAIM", "agent_id",
                        "MESH_AUTH_OIDC_ROLES_CLAIM", "realm_access.roles",
                        "MESH_AUTH_OIDC_ADMIN_ROLE", "mesh-admin",
                        "MESH_AUTH_OIDC_CLOCK_SKEW_SECONDS", "1",
                        "MESH_AUTH_OIDC_JWKS_MIN_REFRESH_SECONDS", "5"));
        mesh = new MeshClient(server.baseUri());
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
        if (keycloak != null) {
            keycloak.close();
        }
    }

    @Test
    @Order(1)
    void agentsWithProviderTokensConverseThroughTheApiA2aAndMcp() throws Exception {
        String alice = token("alice");
        String bob = token("bob");

        assertEquals(ALICE, mesh.get("me", alice).json().getString("agentId"));
        ApiResponse sent = mesh.post("messages", alice, message(BOB, "over the API"));
        assertEquals(201, sent.status(), sent::toString);
        await().atMost(Duration.ofSeconds(10))
                .until(() -> mesh.get("inbox", bob).body().contains("over the API"));

        HttpResponse<String> a2a = http.send(
                HttpRequest.newBuilder(meshUri("a2a/" + ALICE))
                        .header("Authorization", "Bearer " + bob)
                        .header("A2A-Version", "1.0")
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":"
                                + "\"SendMessage\",\"params\":{\"message\":{\"messageId\":\"oidc-1\",\"role\":"
                                + "\"ROLE_USER\",\"parts\":[{\"text\":\"over A2A\"}]}}}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, a2a.statusCode(), a2a.body());
        assertTrue(json(a2a.body()).containsKey("result"), a2a.body());
        await().atMost(Duration.ofSeconds(10))
                .until(() -> mesh.get("inbox", alice).body().contains("over A2A"));

        McpHttp mcp = new McpHttp(meshUri("mcp"), alice);
        HttpResponse<String> tool = mcp.callTool(
                "mesh_send_message",
                Json.createObjectBuilder()
                        .add("to", BOB)
                        .add("text", "over MCP")
                        .build());
        assertEquals(200, tool.statusCode(), tool.body());
        assertFalse(McpHttp.result(tool).getBoolean("isError", false), tool.body());
        await().atMost(Duration.ofSeconds(10))
                .until(() -> mesh.get("inbox", bob).body().contains("over MCP"));
    }

    @Test
    @Order(2)
    void theAgentCardOffersTheProvidersSchemeBesideTheMeshToken() throws Exception {
        HttpResponse<String> card = http.send(
                HttpRequest.newBuilder(meshUri("a2a/" + ALICE + "/.well-known/agent-card.json"))
                        .header("A2A-Version", "1.0")
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        JsonObject schemes = json(card.body()).getJsonObject("securitySchemes");

        assertEquals(
                keycloak.issuer(REALM) + "/.well-known/openid-configuration",
                schemes.getJsonObject("oidc")
                        .getJsonObject("openIdConnectSecurityScheme")
                        .getString("openIdConnectUrl"));
        assertTrue(schemes.containsKey("meshBearer"));
    }

    @Test
    @Order(3)
    void anAdminByTheProvidersRoleNeedsNoStaticAdminToken() {
        String admin = token("mesh-admin");
        String carol = "oidc-carol-" + SUFFIX + "@it";

        ApiResponse registered = mesh.post(
                "admin/agents",
                admin,
                Json.createObjectBuilder().add("agentId", carol).build().toString());
        assertEquals(201, registered.status(), registered::toString);
        assertEquals(200, mesh.get("admin/agents/" + ALICE, admin).status());
        assertEquals(403, mesh.get("admin/agents", token("alice")).status(), "an agent's JWT is no admin's");
        assertEquals(403, mesh.get("me", admin).status(), "the admin's JWT is no agent's");
        assertRefused(mesh.get("admin/agents", MeshStackExtension.ADMIN_TOKEN), "no static admin token here");
    }

    @Test
    @Order(4)
    void tokensThatAreWrongInAnyWayAreRefused401() throws Exception {
        String good = token("alice");
        String[] parts = good.split("\\.");

        assertRefused(mesh.get("me", token("stranger")), "another audience");
        assertRefused(mesh.get("me", keycloak.token("localhost", REALM, "alice", "alice-secret")), "another issuer");
        String unsigned = encode("{\"alg\":\"none\",\"typ\":\"JWT\"}") + "." + parts[1] + ".";
        assertRefused(mesh.get("me", unsigned), "alg none");
        String otherAgent = encode(decode(parts[1]).replace(ALICE, BOB));
        assertRefused(mesh.get("me", parts[0] + "." + otherAgent + "." + parts[2]), "tampered");
        assertRefused(mesh.get("me", hmacWithThePublicKey(decode(parts[1]))), "HS256 keyed with the public key");
        String shortLived = token("short-lived");
        assertEquals(200, mesh.get("me", shortLived).status(), "before it expires");
        await().atMost(Duration.ofSeconds(15))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> mesh.get("me", shortLived).status() == 401);
        assertRefused(mesh.get("me", shortLived), "expired");
        assertEquals(200, mesh.get("me", good).status(), "the good one still passes");
    }

    @Test
    @Order(5)
    void aTokenRotationInTheMeshRevokesTheAgentsJwtsAndEndsTheirWaits() throws Exception {
        String bob = token("bob");
        // After the events so far, so that the poll below waits.
        String cursor =
                mesh.get("inbox", bob).json().get("nextCursor").toString().replace("\"", "");
        double looks = MeshMetrics.inboxLooks(server);
        CompletableFuture<ApiResponse> poll = mesh.getAsync("inbox?wait=30&cursor=" + cursor, bob);
        await().atMost(Duration.ofSeconds(10)).until(() -> MeshMetrics.inboxLooks(server) > looks);

        ApiResponse rotated = mesh.post("admin/agents/" + BOB + "/token", token("mesh-admin"), "");
        assertEquals(200, rotated.status(), rotated::toString);

        ApiResponse ended = poll.get(3, TimeUnit.SECONDS);
        assertEquals(401, ended.status(), ended::toString);
        assertRefused(mesh.get("me", bob), "issued before the rotation");
        await().atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> mesh.get("me", token("bob")).status() == 200);
    }

    @Test
    @Order(6)
    void aKeyRotatedAtTheProviderIsPickedUpWithoutARestart() {
        String before = token("alice");
        assertEquals(200, mesh.get("me", before).status());

        keycloak.rotateKeys(REALM);
        String after = token("alice");
        assertNotEquals(kid(before), kid(after), "the provider signs with its new key");

        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofSeconds(1))
                .until(() -> mesh.get("me", after).status() == 200);
        assertRefused(mesh.get("me", before), "signed by the key the provider dropped");
    }

    @Test
    @Order(7)
    void aDisabledAgentIsRefusedEverywhereAtOnceAndWhatItsTokensOpenedEnds() throws Exception {
        String admin = token("mesh-admin");
        String alice = token("alice");
        MeshClient stack = MeshClient.forStack();
        // Waits opened with the JWT here and with the mesh token at the stack's other instance.
        CompletableFuture<ApiResponse> jwtPoll = waitingPoll(mesh, alice, () -> MeshMetrics.inboxLooks(server));
        CompletableFuture<ApiResponse> meshTokenPoll = waitingPoll(stack, aliceMeshToken, MeshMetrics::inboxLooks);
        String session = mcpSession(alice);
        assertEquals(
                200,
                http.send(mcp(alice, session, TOOLS_LIST), HttpResponse.BodyHandlers.ofString())
                        .statusCode());
        HttpResponse<Stream<String>> a2aStream = http.sendAsync(
                        HttpRequest.newBuilder(meshUri("a2a/" + BOB))
                                .header("Authorization", "Bearer " + alice)
                                .header("A2A-Version", "1.0")
                                .header("Content-Type", "application/json")
                                .header("Accept", "text/event-stream")
                                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":"
                                        + "\"SendStreamingMessage\",\"params\":{\"message\":{\"messageId\":"
                                        + "\"oidc-stream\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":"
                                        + "\"a task that stays open\"}]}}}"))
                                .build(),
                        HttpResponse.BodyHandlers.ofLines())
                .get(30, TimeUnit.SECONDS);
        assertEquals(200, a2aStream.statusCode());
        BlockingQueue<String> events = new LinkedBlockingQueue<>();
        CompletableFuture<Void> a2aEnded = CompletableFuture.runAsync(
                () -> a2aStream.body().filter(line -> line.startsWith("data:")).forEach(events::add));
        assertTrue(events.poll(30, TimeUnit.SECONDS) != null, "the stream's first event, the task");
        assertFalse(a2aEnded.isDone(), "the task is open: its stream goes on");

        ApiResponse disabled = mesh.post("admin/agents/" + ALICE + "/disable", admin, "");
        assertEquals(204, disabled.status(), disabled::toString);

        assertEquals(401, jwtPoll.get(5, TimeUnit.SECONDS).status(), "the JWT's long poll ends");
        assertEquals(401, meshTokenPoll.get(5, TimeUnit.SECONDS).status(), "and the other instance's");
        a2aEnded.get(5, TimeUnit.SECONDS);
        assertRefused(mesh.get("me", alice), "a JWT of a disabled agent");
        assertRefused(mesh.get("me", token("alice")), "even one issued after the disable");
        assertRefused(mesh.get("me", aliceMeshToken), "its mesh token here");
        await().atMost(Duration.ofSeconds(5))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> stack.get("me", aliceMeshToken).status() == 401);
        assertTrue(mesh.get("admin/agents/" + ALICE, admin).json().containsKey("disabledAt"), "the admin sees it");
        ApiResponse toDisabled = mesh.post("messages", token("bob"), message(ALICE, "kept for later"));
        assertEquals(201, toDisabled.status(), "messages to a disabled agent are still accepted: " + toDisabled);

        ApiResponse enabled = mesh.post("admin/agents/" + ALICE + "/enable", admin, "");
        assertEquals(204, enabled.status(), enabled::toString);
        assertEquals(200, stack.get("me", aliceMeshToken).status(), "its mesh token works again");
        await().atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> mesh.get("me", token("alice")).status() == 200);
        assertRefused(mesh.get("me", alice), "a JWT issued before the disable stays refused");
        assertTrue(mesh.get("inbox", token("alice")).body().contains("kept for later"));
        assertEquals(
                404,
                http.send(mcp(token("alice"), session, TOOLS_LIST), HttpResponse.BodyHandlers.ofString())
                        .statusCode(),
                "the MCP session the JWT opened ended");
        assertFalse(mesh.get("admin/agents/" + ALICE, admin).json().containsKey("disabledAt"), "enabled again");
    }

    @Test
    @Order(8)
    void aProviderOutOfReachIs503WithRetryAfterNot401() throws Exception {
        String alice = token("alice");
        assertEquals(200, mesh.get("me", alice).status());
        String[] parts = alice.split("\\.");
        // A key id the cached keys lack makes the mesh ask the provider, which is gone.
        String unknownKey = encode(decode(parts[0]).replaceFirst("\"kid\"\\s*:\\s*\"[^\"]*\"", "\"kid\":\"gone\""));
        String unknown = unknownKey + "." + parts[1] + "." + parts[2];
        keycloak.close();

        // Within jwks-min-refresh-seconds of the last good fetch (the key rotation above) an unknown key id is a
        // key the provider does not publish (401); past it the mesh asks the provider, which is gone.
        await().atMost(Duration.ofSeconds(15))
                .pollInterval(Duration.ofSeconds(1))
                .until(() -> mesh.get("me", unknown).status() == 503);
        for (int i = 0; i < 4; i++) { // the later ones meet the mesh's rate limit on fetching the keys
            ApiResponse away = mesh.get("me", unknown);
            assertEquals(503, away.status(), away::toString);
            assertTrue(away.isProblem(), away::toString);
            assertTrue(away.retryAfterSeconds().isPresent(), away::toString);
        }
        assertEquals(200, mesh.get("me", alice).status(), "a JWT of a cached key still passes");
    }

    private static final String TOOLS_LIST = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}";

    // A long poll of the agent's inbox after the events so far, once the server has it waiting.
    private static CompletableFuture<ApiResponse> waitingPoll(
            MeshClient at, String token, java.util.concurrent.Callable<Double> looks) throws Exception {
        String cursor =
                at.get("inbox", token).json().get("nextCursor").toString().replace("\"", "");
        double before = looks.call();
        CompletableFuture<ApiResponse> poll = at.getAsync("inbox?wait=30&cursor=" + cursor, token);
        await().atMost(Duration.ofSeconds(10)).until(() -> looks.call() > before);
        return poll;
    }

    private String mcpSession(String token) throws Exception {
        HttpResponse<String> opened = http.send(
                mcp(
                        token,
                        null,
                        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                                + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}}"),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, opened.statusCode(), opened.body());
        return opened.headers().firstValue("Mcp-Session-Id").orElseThrow();
    }

    private static HttpRequest mcp(String token, String session, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(meshUri("mcp"))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (session != null) {
            request.header("Mcp-Session-Id", session).header("MCP-Protocol-Version", "2025-06-18");
        }
        return request.build();
    }

    private static String token(String client) {
        return keycloak.token("127.0.0.1", REALM, client, client + "-secret");
    }

    private static void assertRefused(ApiResponse answer, String why) {
        assertEquals(401, answer.status(), why + ": " + answer);
        assertTrue(answer.isProblem(), why + ": " + answer);
    }

    // The header names the provider's key, the signature is HMAC keyed with that key's public half: a JWT library
    // that took the key's bytes for an HMAC secret would accept it.
    private String hmacWithThePublicKey(String claims) throws Exception {
        RSAKey key = JWKSet.load(new URL(keycloak.issuer(REALM) + "/protocol/openid-connect/certs")).getKeys().stream()
                .filter(jwk -> jwk instanceof RSAKey && KeyUse.SIGNATURE.equals(jwk.getKeyUse()))
                .map(RSAKey.class::cast)
                .findFirst()
                .orElseThrow();
        SignedJWT forged = new SignedJWT(
                new JWSHeader.Builder(JWSAlgorithm.HS256).keyID(key.getKeyID()).build(),
                com.nimbusds.jwt.JWTClaimsSet.parse(claims));
        forged.sign(new MACSigner(key.toRSAPublicKey().getEncoded()));
        return forged.serialize();
    }

    private static String kid(String jwt) {
        return json(decode(jwt.split("\\.")[0])).getString("kid");
    }

    private static String encode(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    private static String decode(String part) {
        return new String(Base64.getUrlDecoder().decode(part), StandardCharsets.UTF_8);
    }

    private static JsonObject json(String body) {
        return Json.createReader(new StringReader(body)).readObject();
    }

    private static String message(String to, String text) {
        return Json.createObjectBuilder()
                .add("to", to)
                .add(
                        "parts",
                        Json.createArrayBuilder()
                                .add(Json.createObjectBuilder()
                                        .add("kind", "text")
                                        .add("text", text)))
                .build()
                .toString();
    }

    private static URI meshUri(String path) {
        return server.baseUri().resolve("/mesh/" + path);
    }
}
