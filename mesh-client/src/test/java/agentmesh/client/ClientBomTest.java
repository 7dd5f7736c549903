package agentmesh.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The BOM has no parent (so that it brings no server versions), hence a version of its own: it must be the
 * project's, or an application importing it would get another release of the client.
 */
class ClientBomTest {

    @Test
    void theBomHasTheProjectsVersion() throws IOException {
        String bom = Files.readString(Path.of(System.getProperty("bom.pom")));
        Matcher version = Pattern.compile("<artifactId>mesh-client-bom</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(bom);

        assertTrue(version.find(), "the BOM names its version");
        assertEquals(System.getProperty("project.version"), version.group(1));
    }
}
