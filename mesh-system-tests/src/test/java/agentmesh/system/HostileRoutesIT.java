package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.system.MeshClient.Agent;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every route of the API, attacked: bad ids in paths, bad numbers in queries, bodies that are malformed, of the
 * wrong type, too large or too deep, other agents' tasks, admin routes with an agent's token. Over a thousand
 * requests from a pool of agents (so that their rate limit does not answer in place of the validation); every one
 * is a 4xx problem, none a 5xx or a 429, and no row changes.
 */
@ExtendWith(MeshStackExtension.class)
class HostileRoutesIT {

    private static final int ATTACKERS = 25;

    /** One request: method, path (relative to the API base), body or null, and the token it is sent with. */
    record Attack(String method, String path, String body, String token) {
        @Override
        public String toString() {
            return method + " " + path + (body == null ? "" : " " + body.substring(0, Math.min(80, body.length())));
        }
    }

    private final MeshClient mesh = MeshClient.forStack();

    @Test
    void everyRouteRefusesHostileRequestsWithAProblemAndChangesNothing() throws Exception {
        Agent bob = mesh.registerAgent("bob");
        Agent carol = mesh.registerAgent("carol");
        mesh.allow(bob, carol);
        String othersTask = mesh.send(carol, MeshClient.textMessage(null, bob, null, "private"))
                .getString("taskId");
        List<Agent> attackers = new ArrayList<>();
        List<String> ownTasks = new ArrayList<>();
        for (int i = 0; i < ATTACKERS; i++) {
            Agent attacker = mesh.registerAgent("mallory" + i);
            mesh.allow(attacker, bob);
            ownTasks.add(mesh.send(attacker, MeshClient.textMessage(null, bob, null, "hi"))
                    .getString("taskId"));
            attackers.add(attacker);
        }
        List<Attack> attacks = attacks(new Random(20261203), attackers, ownTasks, othersTask, bob);
        assertTrue(attacks.size() >= 1000, "only " + attacks.size() + " attacks");
        List<String> ours = new ArrayList<>(List.of(bob.id(), carol.id()));
        attackers.forEach(attacker -> ours.add(attacker.id()));
        String in = "('" + String.join("','", ours) + "')";
        // Published and delivered: a delivery landing after the snapshot (bob's inbox cursor row) is no attack's.
        await().atMost(Duration.ofSeconds(30))
                .until(() -> MeshDatabase.count(
                                        "SELECT COUNT(*) FROM outbox_event WHERE status = 'PENDING' AND event_key IN "
                                                + in)
                                == 0
                        && MeshDatabase.count("SELECT COUNT(*) FROM inbox_event WHERE agent_id = ?", bob.id())
                                == ATTACKERS + 1); // the attackers' messages and carol's
        List<Object> before = fingerprint(in);

        HttpClient http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
        URI base = MeshStackExtension.stack().config().baseUri();
        List<String> wrong = new ArrayList<>();
        for (Attack attack : attacks) {
            HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(attack.path()))
                    .timeout(Duration.ofSeconds(30))
                    .method(
                            attack.method(),
                            attack.body() == null
                                    ? HttpRequest.BodyPublishers.noBody()
                                    : HttpRequest.BodyPublishers.ofString(attack.body()));
            if (attack.body() != null) {
                request.header("Content-Type", "application/json");
            }
            if (attack.token() != null) {
                request.header("Authorization", "Bearer " + attack.token());
            }
            HttpResponse<String> answer = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            String type = answer.headers().firstValue("Content-Type").orElse("");
            if (refusedByTheContainer(attack, answer)) {
                continue;
            }
            if (answer.statusCode() < 400
                    || answer.statusCode() >= 500
                    || answer.statusCode() == 429
                    || !type.startsWith("application/problem+json")) {
                wrong.add(attack + " → " + answer.statusCode() + " " + type + " "
                        + answer.body().substring(0, Math.min(200, answer.body().length())));
            }
        }

        assertEquals(List.of(), wrong, wrong.size() + " of " + attacks.size() + " attacks were not refused properly");
        assertEquals(before, fingerprint(in), "a refused request changed a row");
    }

    /**
     * A URL holding an encoded NUL or backslash is refused by Payara's web container itself while it normalises the
     * path, before any application sees the request: a bare 400, the one refusal that cannot be a problem document.
     */
    private static boolean refusedByTheContainer(Attack attack, HttpResponse<String> answer) {
        return answer.statusCode() == 400
                && answer.body().isEmpty()
                && (attack.path().contains("%00") || attack.path().toUpperCase().contains("%5C"));
    }

    /**
     * What a request could change: the number of rows of every table, and the agents', tasks' and cursors' rows of
     * this test's agents (a status change or a rotation changes no count). Other tests' rows are left out: an event
     * of theirs still in backoff may change while this runs.
     */
    private static List<Object> fingerprint(String agentsIn) {
        return List.of(
                MeshDatabase.rowCounts(),
                MeshDatabase.query(
                        "SELECT agent_id, token_hash FROM agent WHERE agent_id IN " + agentsIn + " ORDER BY agent_id"),
                MeshDatabase.query("SELECT task_id, state, status_reason, updated_at FROM task WHERE requester IN "
                        + agentsIn + " OR assignee IN " + agentsIn + " ORDER BY task_id"),
                MeshDatabase.query("SELECT agent_id, acked_cursor FROM inbox_cursor WHERE agent_id IN " + agentsIn
                        + " ORDER BY agent_id"),
                MeshDatabase.query("SELECT event_key, status, attempts FROM outbox_event WHERE event_key IN " + agentsIn
                        + " ORDER BY id"));
    }

    private static List<Attack> attacks(
            Random random, List<Agent> attackers, List<String> ownTasks, String othersTask, Agent bob) {
        List<String> badIds = new ArrayList<>(List.of(
                "a",
                "ab",
                "x".repeat(129),
                "t".repeat(65),
                "..",
                "%00",
                "%2F",
                "a%20b",
                "%C3%A9",
                "%F0%9F%98%80",
                "a;b",
                "a%22b",
                "%27%20OR%201%3D1",
                "a*b",
                "a%5Cb"));
        String alphabet = " /\\?#%&<>'\"`;{}|^~*!$()+=,é中😀\t";
        for (int i = 0; i < 30; i++) {
            StringBuilder id = new StringBuilder("id");
            for (int n = 0; n < 1 + random.nextInt(6); n++) {
                id.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            badIds.add(URLEncoder.encode(id.toString(), StandardCharsets.UTF_8).replace("+", "%20"));
        }
        List<String> badNumbers =
                List.of("-1", "x", "1.5", "1e3", "99999999999999999999", "%20", "0x10", "%E4%B8%AD", "NaN", "-0.0");
        List<String> badBodies = new ArrayList<>(List.of(
                "{",
                "[",
                "5",
                "\"text\"",
                "true",
                "{\"a\":",
                "{]",
                "\u0000",
                "{\"state\":5}",
                "{\"state\":\"sleeping\"}",
                "{\"state\":[\"working\"]}",
                "{\"state\":\"working\",\"reason\":" + "\"" + "r".repeat(501) + "\"}",
                "{\"cursor\":\"x\"}",
                "{\"cursor\":-1}",
                "{\"cursor\":1e300}",
                "{\"cursor\":999999999999}",
                "{\"name\":5,\"parts\":[]}",
                "{\"name\":\"n\",\"parts\":5}",
                "{\"name\":\"n\",\"parts\":[{\"kind\":\"nope\"}]}",
                "{\"name\":\"" + "n".repeat(201) + "\",\"parts\":[{\"kind\":\"text\",\"text\":\"t\"}]}",
                "{\"reason\":5}",
                "{\"reason\":[]}",
                "{\"reason\":\"" + "r".repeat(501) + "\"}",
                "{\"agentId\":\"ab\"}",
                "{\"agentId\":5}",
                "{\"agentId\":\"a b c\"}",
                "{\"a\":" + "[".repeat(5000) + "]".repeat(5000) + "}",
                "{\"name\":\"n\",\"parts\":[{\"kind\":\"text\",\"text\":\"" + "y".repeat(1024 * 1024) + "\"}]}"));
        List<Attack> attacks = new ArrayList<>();
        int[] next = {0};
        java.util.function.Supplier<Integer> who = () -> next[0]++ % attackers.size();

        for (String id : badIds) {
            int i = who.get();
            String token = attackers.get(i).token();
            attacks.add(new Attack("GET", "tasks/" + id, null, token));
            attacks.add(new Attack("GET", "tasks/" + id + "/messages", null, token));
            attacks.add(new Attack("GET", "tasks/" + id + "/artifacts", null, token));
            attacks.add(new Attack("POST", "tasks/" + id + "/status", "{\"state\":\"working\"}", token));
            attacks.add(new Attack("POST", "tasks/" + id + "/cancel", "", token));
            attacks.add(new Attack(
                    "POST",
                    "tasks/" + id + "/artifacts",
                    "{\"name\":\"n\",\"parts\":[{\"kind\":\"text\",\"text\":\"t\"}]}",
                    token));
            attacks.add(new Attack("GET", "admin/agents/" + id, null, MeshStackExtension.ADMIN_TOKEN));
            attacks.add(new Attack("POST", "admin/agents/" + id + "/token", "", MeshStackExtension.ADMIN_TOKEN));
            attacks.add(new Attack(
                    "POST", "admin/agents/" + id + "/contacts/" + bob.id(), "", MeshStackExtension.ADMIN_TOKEN));
            attacks.add(new Attack(
                    "DELETE", "admin/agents/" + bob.id() + "/contacts/" + id, null, MeshStackExtension.ADMIN_TOKEN));
            attacks.add(new Attack("POST", "admin/outbox/" + id + "/retry", "", MeshStackExtension.ADMIN_TOKEN));
            attacks.add(new Attack("POST", "admin/dead-letters/" + id + "/replay", "", MeshStackExtension.ADMIN_TOKEN));
        }
        for (String number : badNumbers) {
            for (String query : List.of(
                    "inbox?after=",
                    "inbox?limit=",
                    "inbox?wait=",
                    "inbox/stream?after=",
                    "tasks?limit=",
                    "tasks?cursor=%21",
                    "tasks?state=",
                    "admin/agents?limit=",
                    "admin/outbox?limit=",
                    "admin/dead-letters?limit=")) {
                attacks.add(new Attack(
                        "GET",
                        query + number,
                        null,
                        query.startsWith("admin")
                                ? MeshStackExtension.ADMIN_TOKEN
                                : attackers.get(who.get()).token()));
            }
            int i = who.get();
            for (String query : List.of(
                    "?historyLength=",
                    "/messages?after=",
                    "/messages?limit=",
                    "/artifacts?after=",
                    "/artifacts?limit=")) {
                attacks.add(new Attack(
                        "GET",
                        "tasks/" + ownTasks.get(i) + query + number,
                        null,
                        attackers.get(i).token()));
            }
            attacks.add(new Attack("POST", "admin/outbox/" + number + "/retry", "", MeshStackExtension.ADMIN_TOKEN));
        }
        for (String body : badBodies) {
            int i = who.get();
            String token = attackers.get(i).token();
            String own = "tasks/" + ownTasks.get(i);
            attacks.add(new Attack("POST", own + "/status", body, token));
            attacks.add(new Attack("POST", own + "/cancel", body, token));
            attacks.add(new Attack("POST", own + "/artifacts", body, token));
            attacks.add(new Attack("POST", "inbox/ack", body, token));
            attacks.add(new Attack("POST", "messages", body, token));
            attacks.add(new Attack("POST", "admin/agents", body, MeshStackExtension.ADMIN_TOKEN));
        }
        // Other agents' tasks, the admin's routes with an agent's token, and no token at all.
        for (int round = 0; round < 12; round++) {
            int i = who.get();
            String token = attackers.get(i).token();
            for (String[] route : new String[][] {
                {"GET", "tasks/" + othersTask},
                {"GET", "tasks/" + othersTask + "/messages"},
                {"GET", "tasks/" + othersTask + "/artifacts"},
                {"GET", "admin/agents"},
                {"GET", "admin/outbox"},
                {"GET", "admin/dead-letters"},
                {"GET", "admin/stats"}
            }) {
                attacks.add(new Attack(route[0], route[1], null, round % 3 == 0 ? null : token));
            }
            for (String[] route : new String[][] {
                {"tasks/" + othersTask + "/status", "{\"state\":\"working\"}"},
                {"tasks/" + othersTask + "/cancel", ""},
                {"tasks/" + othersTask + "/artifacts", "{\"name\":\"n\",\"parts\":[{\"kind\":\"text\",\"text\":\"t\"}]}"
                },
                {"admin/agents", "{\"agentId\":\"intruder-" + round + "@it\"}"},
                {"admin/agents/" + bob.id() + "/token", ""},
                {"admin/agents/" + bob.id() + "/contacts/" + attackers.get(i).id(), ""},
                {"admin/tasks/idle-scan", ""},
                {"admin/outbox/1/retry", ""},
                {
                    "messages",
                    "{\"to\":\"" + bob.id() + "\",\"taskId\":\"" + othersTask
                            + "\",\"parts\":[{\"kind\":\"text\",\"text\":\"hijack\"}]}"
                }
            }) {
                attacks.add(new Attack("POST", route[0], route[1], round % 3 == 0 ? null : token));
            }
            attacks.add(new Attack(
                    "DELETE",
                    "admin/agents/" + bob.id() + "/contacts/" + attackers.get(i).id(),
                    null,
                    token));
        }
        return attacks;
    }
}
