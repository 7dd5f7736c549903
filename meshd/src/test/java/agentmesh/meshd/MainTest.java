package agentmesh.meshd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** meshd's options: the token from the environment or a file, never needed on the command line. */
class MainTest {

    private static final Map<String, String> ENVIRONMENT =
            Map.of("MESH_URL", "http://127.0.0.1:8080/mesh/api/v1/", "MESH_AGENT_ID", "bob@example");

    @TempDir
    Path dir;

    @Test
    void theTokenComesFromTheEnvironment() {
        Map<String, String> environment = new HashMap<>(ENVIRONMENT);
        environment.put("MESH_AGENT_TOKEN", "env-token");

        assertEquals("env-token", Main.options(new String[0], environment).get("token"));
    }

    @Test
    void aTokenFileComesBeforeTheEnvironment() throws IOException {
        Path file = Files.writeString(dir.resolve("token"), "file-token\n");
        Map<String, String> environment = new HashMap<>(ENVIRONMENT);
        environment.put("MESH_AGENT_TOKEN", "env-token");

        assertEquals(
                "file-token",
                Main.options(new String[] {"--token-file", file.toString()}, environment)
                        .get("token"));
    }

    @Test
    void withoutATokenOrWithAnUnreadableFileTheUsageSaysWhereOneComesFrom() {
        IllegalArgumentException none =
                assertThrows(IllegalArgumentException.class, () -> Main.options(new String[0], ENVIRONMENT));
        assertEquals("MESH_AGENT_TOKEN or --token-file is required", none.getMessage());

        IllegalArgumentException absent = assertThrows(
                IllegalArgumentException.class,
                () -> Main.options(
                        new String[] {"--token-file", dir.resolve("absent").toString()}, ENVIRONMENT));
        assertTrue(absent.getMessage().startsWith("cannot read the token file"), absent.getMessage());
    }
}
