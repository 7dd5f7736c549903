package agentmesh.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KafkaBrokerTest {

    @Test
    void aClusterIdBeginningWithADashIsFormattedAsAnId(@TempDir Path home) throws IOException {
        byte[] bytes = new byte[16];
        bytes[0] = (byte) 0xF8; // base64url's 62nd digit first: '-'
        String id = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        assertTrue(id.startsWith("-"), id);
        KafkaBroker broker = new KafkaBroker(home, kafkaLibs(), 1, false);

        broker.formatStorage(id);

        assertEquals(Optional.of(id), broker.clusterId());
    }

    private static Path kafkaLibs() throws IOException {
        Properties build = new Properties();
        try (InputStream in = MeshStack.class.getResourceAsStream("build.properties")) {
            build.load(in);
        }
        return Path.of(build.getProperty("kafka.lib"));
    }
}
