package agentmesh.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.system.MeshClient.Agent;
import jakarta.json.JsonObject;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The admin API for agents and contacts. */
@ExtendWith(MeshStackExtension.class)
class AgentAdminIT {

    private final MeshClient mesh = MeshClient.forStack();

    @Test
    void registeredAgentsTokenIsStoredOnlyAsItsHash() throws Exception {
        Agent agent = mesh.registerAgent("hashed");

        Object stored = MeshDatabase.query("SELECT token_hash FROM agent WHERE agent_id = ?", agent.id())
                .get(0)
                .get(0);

        String expected = HexFormat.of()
                .formatHex(java.security.MessageDigest.getInstance("SHA-256")
                        .digest(agent.token().getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertEquals(expected, stored);
        assertNotEquals(agent.token(), stored);
    }

    @Test
    @Tag("G6")
    void contactsAreSymmetricAndCanBeRevoked() {
        Agent a = mesh.registerAgent("a");
        Agent b = mesh.registerAgent("b");

        mesh.allow(b, a);
        mesh.allow(a, b); // allowing again changes nothing
        JsonObject viewOfA = mesh.get("admin/agents/" + a.id(), MeshStackExtension.ADMIN_TOKEN)
                .json();
        ApiResponse sent = mesh.post("messages", a.token(), MeshClient.textMessage(null, b, null, "hi"));
        ApiResponse revoked =
                mesh.delete("admin/agents/" + a.id() + "/contacts/" + b.id(), MeshStackExtension.ADMIN_TOKEN);
        ApiResponse refused = mesh.post("messages", b.token(), MeshClient.textMessage(null, a, null, "hi?"));

        assertEquals(
                List.of(b.id()),
                viewOfA.getJsonArray("contacts").getValuesAs(jakarta.json.JsonString.class).stream()
                        .map(jakarta.json.JsonString::getString)
                        .toList());
        assertEquals(201, sent.status(), sent::toString);
        assertEquals(204, revoked.status(), revoked::toString);
        assertEquals(403, refused.status(), refused::toString);
        assertEquals(0, MeshDatabase.count("SELECT COUNT(*) FROM contact WHERE agent_low IN (?, ?)", a.id(), b.id()));
    }

    @Test
    void agentsAreListedInPages() {
        Agent first = mesh.registerAgent("page");
        mesh.registerAgent("page");

        JsonObject page =
                mesh.get("admin/agents?limit=1", MeshStackExtension.ADMIN_TOKEN).json();
        ApiResponse unknown = mesh.get("admin/agents/nobody@it", MeshStackExtension.ADMIN_TOKEN);

        assertEquals(1, page.getJsonArray("agents").size());
        assertEquals(page.getJsonArray("agents").getJsonObject(0).getString("agentId"), page.getString("nextCursor"));
        assertEquals(404, unknown.status());
        assertEquals(
                first.id(),
                mesh.get("admin/agents/" + first.id(), MeshStackExtension.ADMIN_TOKEN)
                        .json()
                        .getString("agentId"));
    }

    @Test
    void agentsAreFoundByAPartOfTheirIdAndListedMostRecentlyActiveFirst() {
        String tag = "find" + UUID.randomUUID().toString().substring(0, 8);
        Agent quiet = mesh.registerAgent(tag + "-a");
        Agent talker = mesh.registerAgent(tag + "-b");
        Agent listener = mesh.registerAgent(tag + "-c");
        mesh.allow(talker, listener);
        mesh.send(talker, MeshClient.textMessage(null, listener, null, "hello"));

        JsonObject byId = mesh.get("admin/agents?idContains=" + tag, MeshStackExtension.ADMIN_TOKEN)
                .json();
        JsonObject active = mesh.get(
                        "admin/agents?idContains=" + tag + "&order=activity&limit=2", MeshStackExtension.ADMIN_TOKEN)
                .json();
        JsonObject rest = mesh.get(
                        "admin/agents?idContains=" + tag + "&order=activity&limit=2&cursor="
                                + active.getString("nextCursor"),
                        MeshStackExtension.ADMIN_TOKEN)
                .json();
        JsonObject view = mesh.get("admin/agents/" + talker.id(), MeshStackExtension.ADMIN_TOKEN)
                .json();

        assertEquals(List.of(quiet.id(), talker.id(), listener.id()), ids(byId));
        assertFalse(byId.containsKey("nextCursor"), "absent after the last page");
        assertFalse(byId.getJsonArray("agents").getJsonObject(0).containsKey("lastActiveAt"), "never active");
        assertEquals(List.of(talker.id(), listener.id()), ids(active));
        assertEquals(
                active.getJsonArray("agents").getJsonObject(0).getString("lastActiveAt"),
                active.getJsonArray("agents").getJsonObject(1).getString("lastActiveAt"),
                "the same task's activity");
        assertEquals(List.of(quiet.id()), ids(rest));
        assertEquals(
                active.getJsonArray("agents").getJsonObject(0).getString("lastActiveAt"),
                view.getString("lastActiveAt"));
    }

    @Test
    void badListingParametersAreProblems() {
        for (String query : List.of(
                "idContains=a%25",
                "idContains=",
                "order=size",
                "limit=0",
                "limit=501",
                "cursor=%21",
                "order=activity&cursor=%21",
                "order=activity&cursor=bm90LWEtY3Vyc29y")) {
            ApiResponse refused = mesh.get("admin/agents?" + query, MeshStackExtension.ADMIN_TOKEN);
            assertEquals(400, refused.status(), query + " → " + refused);
            assertTrue(refused.isProblem(), refused::toString);
        }
    }

    private static List<String> ids(JsonObject page) {
        return page.getJsonArray("agents").stream()
                .map(a -> a.asJsonObject().getString("agentId"))
                .toList();
    }
}
