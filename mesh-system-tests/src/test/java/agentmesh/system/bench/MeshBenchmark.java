package agentmesh.system.bench;

import static org.junit.jupiter.api.Assertions.assertFalse;

import agentmesh.stack.MeshStack;
import agentmesh.stack.StackConfig;
import agentmesh.system.MeshStackExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code ./mesh bench}, never in CI: the benchmark on a stack of its own with the server's production defaults
 * (rate limits, admission, thread pools as shipped). Prints the report and keeps it in
 * {@code target/bench-report.md}. The settings are {@link BenchSettings}'s system properties.
 */
class MeshBenchmark {

    @Test
    void offeredAgainstAchieved() throws Exception {
        BenchSettings settings = BenchSettings.fromSystemProperties();
        StackConfig config = StackConfig.builder(Path.of("target", "bench-stack"))
                .with("MESH_ADMIN_TOKEN", MeshStackExtension.ADMIN_TOKEN)
                .with("MESH_STACK_FRESH", "true")
                .build();
        BenchResult result;
        try (MeshStack stack = new MeshStack(config).start()) {
            result = new BenchRun(stack, settings).run();
        }
        String report = BenchReport.render(result);
        System.out.println(report);
        Path file = Path.of("target", "bench-report.md");
        Files.writeString(file, report);
        assertFalse(result.steps().isEmpty(), "no step ran");
    }
}
