package agentmesh.system.bench;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.system.MeshStackExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Keeps the benchmark working: ten seconds of it at a low rate on the system tests' stack, readers by SSE, with
 * every message it admits seen exactly once and a report that has the step in it.
 */
@ExtendWith(MeshStackExtension.class)
class BenchmarkSmokeIT {

    @Test
    void aShortRunAdmitsAndDeliversEverythingAndReportsIt() throws Exception {
        BenchResult result =
                new BenchRun(MeshStackExtension.stack(), BenchSettings.smoke(BenchSettings.ReaderMode.SSE)).run();

        String report = BenchReport.render(result);
        Files.writeString(Path.of("target", "bench-smoke-report.md"), report);
        StepResult step = result.steps().get(0);
        StepRecorder sends = step.sends();
        assertAll(
                () -> assertEquals(sends.planned, sends.accepted(), () -> "not all admitted: " + sends.errors()),
                () -> assertEquals(0, sends.acceptedUnseen(), "admitted but never seen"),
                () -> assertEquals(0, sends.duplicates(), "seen twice"),
                () -> assertTrue(step.sustained(), report),
                () -> assertTrue(step.commitToAck().getTotalCount() >= sends.accepted(), "dispatch figures missing"),
                () -> assertTrue(report.contains("| 50 | "), report),
                // NaN when the server's compiler threads could not be read
                () -> assertTrue(step.serverCompilerSeconds() >= 0, "the JIT compilers' CPU not measured"),
                () -> assertTrue(
                        result.speed().stream().allMatch(s -> s.computeMillis() > 0 && s.memoryMillis() > 0),
                        () -> "the machine's speed not measured: " + result.speed()));
    }
}
