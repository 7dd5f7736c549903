package agentmesh.system.chaos;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The chaos suite: the short profile in every {@code ./mesh test}, either profile on demand with
 * {@code ./mesh chaos short|long}. Prints the report and keeps it in {@code target/chaos-report-<profile>.md}.
 */
class ChaosIT {

    @Test
    @Tag("G1")
    @Tag("G2")
    @Tag("G3")
    @Tag("G4")
    void everyAcknowledgedMessageIsDeliveredOnceAndInOrderThroughCrashesAndOutages() throws IOException {
        ChaosProfile profile = ChaosProfile.fromSystemProperties();

        ChaosReport report = new ChaosRun(profile).run();

        String text = report.render();
        System.out.println(text);
        Path file = Path.of("target", "chaos-report-" + profile.name() + ".md");
        Files.writeString(file, text);
        assertTrue(
                report.passed(),
                () -> "chaos run failed: " + String.join("; ", report.failures()) + " (report: " + file.toAbsolutePath()
                        + ")");
    }
}
