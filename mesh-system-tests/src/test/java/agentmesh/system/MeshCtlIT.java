package agentmesh.system;

import agentmesh.cli.MeshCtl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** meshctl against the real stack: an admin sets two agents up, one sends, the other reads, refusals exit typed. */
@ExtendWith(MeshStackExtension.class)
class MeshCtlIT {

    private final Map<String, String> environment = new HashMap<>(Map.of(
            "MESH_URL", MeshStackExtension.stack().config().baseUri().toString(),
            "MESH_ADMIN_TOKEN", MeshStackExtension.ADMIN_TOKEN));
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

    private int meshctl(String... args) {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int status = MeshCtl.run(args, environment, new PrintStream(stdout, true, StandardCharsets.UTF_8),
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
