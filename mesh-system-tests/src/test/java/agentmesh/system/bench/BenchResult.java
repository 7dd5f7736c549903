package agentmesh.system.bench;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything a run measured; {@link BenchReport} renders it. {@code speed} is the machine's at the run's start and at
 * its end; {@code warmUp} how long the load ran before the first step. {@code ceilings} and {@code overload} are null
 * when not measured (the overload step needs a sustained step to multiply).
 */
record BenchResult(
        String server,
        BenchSettings settings,
        List<MachineSpeed.Figures> speed,
        WarmUp warmUp,
        RawCeilings.Figures ceilings,
        List<StepResult> steps,
        WrkOverload.Result overload,
        Map<String, Long> readFailures,
        long readRequests) {

    /**
     * @param length        how long the warm-up offered its rate
     * @param compilerCores the cores the server's JIT compiler threads used in its last round (NaN: not measured)
     */
    record WarmUp(Duration length, double compilerCores) {}

    /** The highest offered rate the mesh sustained (see {@link StepResult#sustained()}). */
    Optional<StepResult> highestSustained() {
        return highestSustained(steps);
    }

    static Optional<StepResult> highestSustained(List<StepResult> steps) {
        return steps.stream().filter(StepResult::sustained).reduce((a, b) -> b.rate() >= a.rate() ? b : a);
    }
}
