package agentmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** meshctl against a local stand-in for the mesh: what it parses, sends, prints and exits with. */
class MeshCtlTest {

    /** An answer of the stand-in: status, content type, body. */
    private record Answer(int status, String type, String body) {}

    private HttpServer server;
    private final Map<String, Answer> answers = new ConcurrentHashMap<>();
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final Map<String, String> environment = new HashMap<>();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @TempDir
    Path dir;

    @BeforeEach
    void aStandIn() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/mesh/api/v1/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String path = exchange.getRequestURI().getRawPath().substring("/mesh/api/v1/".length());
            String query = exchange.getRequestURI().getRawQuery();
            requests.add(exchange.getRequestMethod() + " " + path + (query == null ? "" : "?" + query) + " "
                    + exchange.getRequestHeaders().getFirst("Authorization") + " " + body);
            Answer answer = body.contains("\"messageId\":\"m-taken\"")
                    ? new Answer(409, "application/problem+json", "{\"title\":\"Message id reused\",\"status\":409}")
                    : answers.getOrDefault(
                            exchange.getRequestMethod() + " " + path,
                            new Answer(404, "application/problem+json", "{\"title\":\"Not found\",\"status\":404}"));
            byte[] bytes = answer.body().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", answer.type());
            exchange.sendResponseHeaders(answer.status(), bytes.length == 0 ? -1 : bytes.length);
            try (OutputStream response = exchange.getResponseBody()) {
                response.write(bytes);
            }
        });
        server.start();
        environment.putAll(Map.of(
                "MESH_URL",
                "http://127.0.0.1:" + server.getAddress().getPort() + "/mesh/api/v1/",
                "MESH_AGENT_ID",
                "alice@example",
                "MESH_AGENT_TOKEN",
                "alice-token",
                "MESH_ADMIN_TOKEN",
                "admin-token"));
        answer(
                "POST messages",
                201,
                "{\"messageId\":\"m-1\",\"taskId\":\"t-1\",\"contextId\":\"c-1\",\"seq\":1,"
                        + "\"createdAt\":\"2026-12-03T10:00:00Z\"}");
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private void answer(String request, int status, String json) {
        answers.put(request, new Answer(status, "application/json", json));
    }

    private int meshctl(String... args) {
        out.reset();
        err.reset();
        return MeshCtl.run(
                args,
                environment,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void sendTakesTheRestOfTheLineAsTheTextAndPrintsTheReceipt() {
        assertEquals(0, meshctl("send", "bob@example", "Please", "review", "PR", "42"));

        assertTrue(requests.get(0).startsWith("POST messages Bearer alice-token "), requests.get(0));
        assertTrue(requests.get(0).contains("\"text\":\"Please review PR 42\""), requests.get(0));
        assertEquals("sent: m-1 in task t-1 (#1)\n", out());
    }

    @Test
    void jsonOutputIsTheReceiptsFieldsWhereverTheSwitchStands() {
        assertEquals(0, meshctl("--json", "send", "bob@example", "hi"));
        assertTrue(out().startsWith("{\"messageId\":\"m-1\",\"taskId\":\"t-1\""), out());

        assertEquals(0, meshctl("send", "bob@example", "hi", "--json"));
        assertTrue(out().startsWith("{\"messageId\":\"m-1\""), out());
    }

    @Test
    void aRefusalExitsWithItsKindsStatus() {
        assertEquals(6, meshctl("send", "bob@example", "hi", "--id", "m-taken"));
        assertTrue(err().contains("409 Message id reused"), err());
        assertEquals(5, meshctl("remote", "show", "nobody"));
    }

    @Test
    void aWrongCommandLineExitsWith2AndSaysWhatWouldBeRight() {
        assertEquals(2, meshctl("task", "frobnicate", "t-1"));
        assertTrue(err().contains("Did you mean: task status?") && err().contains("Try 'meshctl task --help'"), err());
        assertEquals(2, meshctl("send"));
        assertTrue(err().contains("Usage: meshctl send"), err());
        assertEquals(2, meshctl("task", "status", "t-1", "sleeping"));
        assertTrue(err().contains("not a task state: sleeping") && err().contains("meshctl task status --help"), err());
        assertEquals(2, meshctl("ack", "three"));
        assertEquals(2, meshctl());
        assertTrue(requests.isEmpty(), "nothing wrong reaches the mesh: " + requests);
    }

    @Test
    void everyCommandHasItsOwnHelp() {
        assertEquals(0, meshctl("--help"));
        for (String command : List.of("remote", "push", "card", "idle-scan", "dead-letters", "completion")) {
            assertTrue(out().contains("\n  " + command + " "), command + " is listed: " + out());
        }
        assertEquals(0, meshctl("remote", "attach", "--help"));
        assertTrue(
                out().startsWith("Usage: meshctl remote attach")
                        && out().contains("CARD_URL")
                        && out().contains("--bearer-token-file"),
                out());
        assertEquals(0, meshctl("help", "dead-letters"));
        assertTrue(out().contains("--status=STATUS") && out().contains("parked, replayed"), out());
    }

    @Test
    void theVersionIsTheBuildsVersion() {
        String expected = "meshctl " + System.getProperty("project.version") + " (Agent Mesh HTTP API v1)\n";
        assertEquals(0, meshctl("--version"));
        assertEquals(expected, out());
        assertEquals(0, meshctl("stats", "-V"));
        assertEquals(expected, out());
    }

    @Test
    void theCompletionScriptCompletesCommandsTheirSubcommandsAndTaskStates() throws Exception {
        assertEquals(0, meshctl("completion"));
        Path script = Files.writeString(dir.resolve("meshctl.bash"), out());

        assertEquals("remote", complete(script, "meshctl", "rem"));
        assertEquals(
                "attach dead-letter-count dead-letters detach replay show", complete(script, "meshctl", "remote", ""));
        assertEquals("input-required", complete(script, "meshctl", "tasks", "--state", "inp"));
    }

    /** What bash's completion offers for the last word, through the generated function as bash calls it. */
    private static String complete(Path script, String... words) throws Exception {
        String line = String.join(" ", words);
        String call = "source '" + script + "' 2>/dev/null; COMP_WORDS=("
                + String.join(
                        " ", List.of(words).stream().map(w -> "'" + w + "'").toList()) + "); COMP_CWORD="
                + (words.length - 1)
                + "; COMP_LINE='" + line + "'; COMP_POINT=" + line.length()
                + "; _complete_meshctl 2>/dev/null; echo \"${COMPREPLY[*]}\"";
        Process bash =
                new ProcessBuilder("bash", "-c", call).redirectErrorStream(true).start();
        String completions = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(0, bash.waitFor());
        return completions;
    }

    @Test
    void tokensComeFromTheEnvironmentOrAFileNeverFromTheCommandLine() throws IOException {
        Path tokenFile = Files.writeString(dir.resolve("token"), "file-token\n");
        environment.remove("MESH_AGENT_TOKEN");
        assertEquals(2, meshctl("send", "bob@example", "hi"));
        assertTrue(err().contains("MESH_AGENT_TOKEN or --token-file is needed"), err());
        assertEquals(2, meshctl("send", "bob@example", "hi", "--token", "on-the-line"));

        assertEquals(0, meshctl("send", "bob@example", "hi", "--token-file", tokenFile.toString()));
        assertTrue(requests.get(0).startsWith("POST messages Bearer file-token "), requests.get(0));
        assertEquals(
                2, meshctl("stats", "--admin-token-file", dir.resolve("absent").toString()));
        assertTrue(err().contains("there is no such file"), err());
    }

    @Test
    void anUnreachableMeshExitsWith9() {
        server.stop(0);
        assertEquals(9, meshctl("--url", "http://127.0.0.1:1/mesh/api/v1/", "ack", "3"));
    }

    @Test
    void aRemoteAgentIsAttachedWithItsBearerTokenFromAFile() throws IOException {
        answer("PUT admin/agents/echo%40example/remote", 200, """
                {"agentId":"echo@example","cardUrl":"https://a.example/card","endpoint":"https://a.example/rpc",
                 "protocolVersion":"1.0","name":"Echo","relayedCursor":7,"attempts":0}""");
        Path secret = Files.writeString(dir.resolve("secret"), "s3cret\n");

        assertEquals(
                0,
                meshctl(
                        "remote",
                        "attach",
                        "echo@example",
                        "https://a.example/card",
                        "--bearer-token-file",
                        secret.toString()));

        assertEquals(
                "PUT admin/agents/echo%40example/remote Bearer admin-token "
                        + "{\"cardUrl\":\"https://a.example/card\",\"bearerToken\":\"s3cret\"}",
                requests.get(0));
        assertTrue(out().contains("endpoint       https://a.example/rpc\n"), out());
        assertTrue(out().contains("relayed up to  7\n"), out());
        assertTrue(out().contains("last error     -"), out());
    }

    @Test
    void anAgentIsDisabledAndEnabledAndShowSaysSince() {
        answer("POST admin/agents/bob/disable", 204, "");
        answer("POST admin/agents/bob/enable", 204, "");
        answer("GET admin/agents/bob", 200, """
                {"agentId":"bob","displayName":"Bob","createdAt":"2026-12-01T09:00:00Z","contacts":[],
                 "disabledAt":"2026-12-06T12:00:00Z"}""");

        assertEquals(0, meshctl("agents", "disable", "bob"));
        assertTrue(requests.get(0).startsWith("POST admin/agents/bob/disable Bearer admin-token"), requests.get(0));
        assertEquals("bob is disabled: its tokens are refused\n", out());
        assertEquals(0, meshctl("agents", "show", "bob"));
        assertTrue(out().contains("disabled since  2026-12-06T12:00:00Z"), out());
        assertEquals(0, meshctl("--json", "agents", "enable", "bob"));
        assertEquals("{\"agentId\":\"bob\",\"disabled\":false}\n", out());
        assertEquals(5, meshctl("agents", "disable", "nobody"));
    }

    @Test
    void aCardIsSetFromASkillsFileAndABadFileChangesNothing() throws IOException {
        answer("PUT admin/agents/bob/card", 200, """
                {"agentId":"bob","displayName":"Bob","description":"Reviews",
                 "skills":[{"id":"review","name":"Review","tags":["code","pr"]}]}""");
        Path skills = Files.writeString(
                dir.resolve("skills.json"),
                "[{\"id\":\"review\",\"name\":\"Review\"," + "\"tags\":[\"code\",\"pr\"]}]");

        assertEquals(0, meshctl("card", "set", "bob", "--description", "Reviews", "--skills", skills.toString()));
        assertTrue(
                requests.get(0)
                        .endsWith("{\"description\":\"Reviews\",\"skills\":[{\"id\":\"review\","
                                + "\"name\":\"Review\",\"tags\":[\"code\",\"pr\"]}]}"),
                requests.get(0));
        assertTrue(out().contains("SKILL   NAME    TAGS      DESCRIPTION\nreview  Review  code, pr  -"), out());

        Files.writeString(skills, "{\"id\":\"review\"}");
        assertEquals(2, meshctl("card", "set", "bob", "--skills", skills.toString()));
        assertTrue(err().contains("is no JSON array of skills"), err());
        Files.writeString(skills, "[{\"id\":");
        assertEquals(2, meshctl("card", "set", "bob", "--skills", skills.toString()));
        assertEquals(1, requests.size(), "a bad file is not sent");
    }

    @Test
    void deadLettersOfEachKindAreListedAndReplayed() {
        answer(
                "GET admin/dead-letters",
                200,
                "{\"deadLetters\":[{\"id\":4,\"topic\":\"inbox.events\","
                        + "\"partition\":2,\"offset\":90,\"key\":\"bob\",\"error\":\"too large\",\"attempts\":5,"
                        + "\"status\":\"replayed\",\"createdAt\":\"2026-12-03T10:00:00Z\"}],\"nextCursor\":4}");
        answer("POST admin/dead-letters/4/replay", 202, "{\"id\":4,\"outcome\":\"delivered\"}");
        answer(
                "GET admin/agents/echo/push/dead-letters",
                200,
                "{\"deadLetters\":[{\"id\":9,\"agentId\":\"echo\","
                        + "\"targetKey\":\"t-1/c-1\",\"cursor\":12,\"error\":\"500\",\"parkedAt\":\"2026-12-03T10:00:00Z\"}]}");
        answer(
                "POST admin/agents/echo/remote/dead-letters/3/replay",
                202,
                "{\"id\":3,\"outcome\":\"unreachable: timed out\"}");

        assertEquals(0, meshctl("dead-letters", "--status", "replayed", "--limit", "5"));
        assertTrue(requests.get(0).startsWith("GET admin/dead-letters?status=replayed&limit=5 "), requests.get(0));
        assertTrue(out().contains("4   replayed  inbox.events  2          90      bob  5         too large"), out());
        assertTrue(out().endsWith("more: --cursor 4\n"), out());
        assertEquals(0, meshctl("dead-letters", "replay", "4"));
        assertEquals("dead letter 4: delivered\n", out());
        assertEquals(0, meshctl("push", "dead-letters", "echo", "--cursor", "8"));
        assertTrue(
                requests.get(2).startsWith("GET admin/agents/echo/push/dead-letters?cursor=8&limit=100 "),
                requests.get(2));
        assertTrue(out().contains("9   t-1/c-1  12      2026-12-03T10:00:00Z  -         500"), out());
        assertEquals(0, meshctl("--json", "remote", "replay", "echo", "3"));
        assertEquals("{\"id\":3,\"outcome\":\"unreachable: timed out\"}\n", out());
    }

    @Test
    void everyDeadLetterStoreIsCounted() {
        answer("GET admin/outbox/dead-letters/count", 200, "{\"count\":1}");
        answer("GET admin/dead-letters/count", 200, "{\"count\":3}");
        answer("GET admin/agents/echo/remote/dead-letters/count", 200, "{\"count\":0}");

        assertEquals(0, meshctl("outbox", "dead-count"));
        assertEquals("1 dead letter\n", out());
        assertEquals(0, meshctl("dead-letters", "--status", "parked", "count"));
        assertTrue(requests.get(1).startsWith("GET admin/dead-letters/count?status=parked "), requests.get(1));
        assertEquals("3 dead letters\n", out());
        assertEquals(0, meshctl("--json", "remote", "dead-letter-count", "echo"));
        assertEquals("{\"count\":0}\n", out());
    }

    @Test
    void theIdleScanSaysWhatItDid() {
        answer("POST admin/tasks/idle-scan", 200, "{\"failed\":1}");

        assertEquals(0, meshctl("idle-scan"));
        assertEquals("the idle scan failed 1 task\n", out());
        assertEquals(0, meshctl("idle-scan", "--json"));
        assertEquals("{\"failed\":1}\n", out());
    }

    @Test
    void statsAreTextForPeopleAndTheDocumentForScripts() {
        answer("GET admin/stats", 200, """
                {"outbox":{"byStatus":{"pending":3,"failed":0},"oldestPendingAgeSeconds":0.42},
                 "consumer":{"group":"mesh-inbox","lagByPartition":{"0":0,"1":2},"totalLag":2},"dedupHits":17,
                 "tasksByState":{"submitted":5,"working":1},
                 "instance":{"dispatched":1520,"delivered":1498,"e2eLatencyP50Seconds":0.031,
                             "e2eLatencyP99Seconds":0.12},"recentFaults":[]}""");

        assertEquals(0, meshctl("stats"));
        assertEquals("""
                outbox         pending 3, failed 0; oldest pending 0.42 s
                consumer       mesh-inbox, lag 2 (by partition: 0 0, 1 2)
                dedup hits     17
                tasks          submitted 5, working 1
                this instance  dispatched 1520, delivered 1498, send to inbox p50 0.031 s, p99 0.12 s
                FAULT  COUNT  FIRST  LAST  DETAIL
                (none)
                """, out());
        assertFalse(out().contains("{"), "no raw JSON for people");
        assertEquals(0, meshctl("stats", "--json"));
        assertTrue(
                out().startsWith("{\"outbox\":{\"byStatus\":{\"pending\":3,\"failed\":0},"
                        + "\"oldestPendingAgeSeconds\":0.42},\"consumer\":{\"group\":\"mesh-inbox\","
                        + "\"lagByPartition\":{\"0\":0,\"1\":2},\"totalLag\":2}"),
                out());
    }
}
