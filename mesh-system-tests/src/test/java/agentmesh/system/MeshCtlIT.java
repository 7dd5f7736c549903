package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.cli.MeshCtl;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * meshctl against the real stack: an admin sets two agents up, one sends, the other reads, refusals exit typed; and
 * every admin capability — cards, remote A2A agents, push configs, dead letters of each kind, the idle scan, stats.
 */
@ExtendWith(MeshStackExtension.class)
class MeshCtlIT {

    private final Map<String, String> environment = new HashMap<>(Map.of(
            "MESH_URL",
            MeshStackExtension.stack().config().baseUri().toString(),
            "MESH_ADMIN_TOKEN",
            MeshStackExtension.ADMIN_TOKEN));
    private String out;
    private String err;

    @Test
    void anAdminSetsUpTwoAgentsWhoTalkFromTheCommandLine() {
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String alice = "alice-" + suffix + "@cli";
        String bob = "bob-" + suffix + "@cli";
        assertEquals(0, meshctl("agents", "register", alice, "Alice"));
        String aliceToken = token(out);
        assertEquals(0, meshctl("agents", "register", bob));
        String bobToken = token(out);
        assertEquals(6, meshctl("agents", "register", bob), "an existing agent is a conflict");
        assertEquals(0, meshctl("contacts", "allow", alice, bob));

        environment.putAll(Map.of("MESH_AGENT_ID", alice, "MESH_AGENT_TOKEN", aliceToken));
        assertEquals(0, meshctl("send", bob, "Please", "review", "PR", "42"));
        assertTrue(out.startsWith("sent: "), out);
        String taskId = out.replaceAll("(?s).* in task (\\S+) .*", "$1");

        environment.putAll(Map.of("MESH_AGENT_ID", bob, "MESH_AGENT_TOKEN", bobToken));
        await().until(() -> meshctl("inbox", "--wait", "2") == 0 && out.contains("Please review PR 42"));
        assertTrue(out.contains(taskId + "  from " + alice), out);
        assertEquals(0, meshctl("task", "status", taskId, "completed", "all", "good"));
        assertEquals(0, meshctl("--json", "task", "show", taskId));
        assertTrue(out.contains("\"state\":\"completed\"") && out.contains("\"reason\":\"all good\""), out);

        assertEquals(6, meshctl("task", "status", taskId, "working"), "a terminal task moves no more");
        assertEquals(5, meshctl("task", "show", "no-such-task"));
        assertEquals(2, meshctl("task", "status", taskId, "sleeping"));
        environment.put("MESH_AGENT_TOKEN", "not-a-token");
        assertEquals(3, meshctl("inbox"));
    }

    @Test
    void anAdminReachesEveryAdminCapabilityFromTheCommandLine(@TempDir Path dir) throws IOException {
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String face = "face-" + suffix + "@cli";
        String carol = "carol-" + suffix + "@cli";
        environment.remove("MESH_ADMIN_TOKEN");
        Path adminToken = Files.writeString(dir.resolve("admin-token"), MeshStackExtension.ADMIN_TOKEN + "\n");
        assertEquals(2, meshctl("agents", "register", face), "no admin token, no request");
        assertEquals(0, meshctl("agents", "register", face, "--admin-token-file", adminToken.toString()));
        environment.put("MESH_ADMIN_TOKEN", MeshStackExtension.ADMIN_TOKEN);
        assertEquals(0, meshctl("agents", "register", carol, "Carol"));

        Path skills = Files.writeString(
                dir.resolve("skills.json"),
                "[{\"id\":\"review\",\"name\":\"Code review\",\"description\":\"Reviews a PR\","
                        + "\"tags\":[\"java\"]}]");
        assertEquals(
                0,
                meshctl("card", "set", carol, "--description", "Reviews Java code", "--skills", skills.toString()),
                () -> err);
        Files.writeString(skills, "[{\"id\":\"review\"}]");
        assertEquals(7, meshctl("card", "set", carol, "--skills", skills.toString()), "a skill without a name");
        assertTrue(err.contains("skills[0].name"), err);
        assertEquals(0, meshctl("card", "show", carol));
        assertTrue(
                out.contains("description  Reviews Java code") && out.contains("review  Code review  java"),
                "the refused card changed nothing: " + out);

        URI card = MeshStackExtension.stack()
                .config()
                .baseUri()
                .resolve("/mesh/a2a/" + carol + "/.well-known/agent-card.json");
        assertEquals(5, meshctl("remote", "show", face), "not a remote agent yet");
        assertEquals(0, meshctl("remote", "attach", face, card.toString()), () -> err);
        assertTrue(out.contains("endpoint") && out.contains("/mesh/a2a/" + carol), out);
        assertEquals(0, meshctl("--json", "remote", "show", face));
        assertTrue(out.contains("\"cardUrl\":\"" + card + "\""), out);
        assertEquals(0, meshctl("remote", "dead-letters", face));
        assertTrue(out.startsWith("ID  TARGET  CURSOR  PARKED  REPLAYED  ERROR\n(none)"), out);
        assertEquals(5, meshctl("remote", "replay", face, "999999999"));
        assertEquals(0, meshctl("remote", "detach", face));
        assertEquals(5, meshctl("remote", "show", face), "detached");

        assertEquals(0, meshctl("push", "configs", carol));
        assertTrue(out.contains("(none)"), out);
        assertEquals(0, meshctl("push", "dead-letters", carol));
        assertEquals(5, meshctl("push", "replay", carol, "999999999"));
        assertEquals(0, meshctl("dead-letters", "--status", "replayed", "--limit", "5"));
        assertTrue(out.matches("(?s)ID +STATUS +TOPIC +PARTITION.*"), out);
        assertEquals(5, meshctl("dead-letters", "replay", "999999999"));
        assertEquals(0, meshctl("outbox", "--status", "failed", "--limit", "5"));
        assertTrue(out.startsWith("EVENT"), out);

        assertEquals(0, meshctl("idle-scan"));
        assertTrue(out.matches("the idle scan failed \\d+ tasks?\n"), out);
        assertEquals(0, meshctl("stats"));
        assertTrue(out.contains("\ntasks ") && out.contains("\nconsumer ") && !out.contains("{"), out);
        assertEquals(0, meshctl("--json", "stats"));
        assertTrue(out.contains("\"tasksByState\":{\"submitted\":"), out);
    }

    private int meshctl(String... args) {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int status = MeshCtl.run(
                args,
                environment,
                new PrintStream(stdout, true, StandardCharsets.UTF_8),
                new PrintStream(stderr, true, StandardCharsets.UTF_8));
        out = stdout.toString(StandardCharsets.UTF_8);
        err = stderr.toString(StandardCharsets.UTF_8);
        return status;
    }

    private static String token(String registered) {
        Matcher token = Pattern.compile("its token \\(shown once\\): (\\S+)").matcher(registered);
        assertTrue(token.find(), registered);
        return token.group(1);
    }
}
