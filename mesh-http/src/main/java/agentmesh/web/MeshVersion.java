package agentmesh.web;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The mesh's own version, as the build wrote it into {@code build.properties} from the project's version: one
 * source, so that what the mesh announces (its A2A cards) is the version that was built.
 */
public final class MeshVersion {

    private static final String CURRENT = read();

    private MeshVersion() {}

    public static String current() {
        return CURRENT;
    }

    private static String read() {
        try (InputStream in = MeshVersion.class.getResourceAsStream("build.properties")) {
            if (in == null) {
                throw new IllegalStateException("build.properties is missing: the build writes it");
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("mesh.version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
