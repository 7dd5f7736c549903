package agentmesh.system.bench;

import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The figures of one step. A step is <em>sustained</em> when the mesh admitted at least 98 % of what was offered and
 * kept up: at the end of the load no more than one second's worth of admitted messages was still unseen, and every
 * admitted message was seen within the drain time after it. {@code serverCompilerSeconds} is the part of the server's
 * CPU its JIT compiler threads used; {@code profile} is the server's CPU profile of the step, null unless the run
 * profiles ({@code bench.profile}).
 */
record StepResult(
        int rate,
        double seconds,
        StepRecorder sends,
        Histogram commitToAck,
        int unpublished,
        int backlogAtEnd,
        boolean drained,
        Map<String, Double> cpuSeconds,
        double serverCompilerSeconds,
        long readRequests,
        Map<String, Long> database,
        ProfileBreakdown profile) {

    static final double ADMITTED_SHARE = 0.98;

    double achieved() {
        return sends.accepted() / seconds;
    }

    /**
     * The load generator's CPU (the test JVM's) per HTTP request it made while the step's load was offered: each
     * send, refused or not, and each inbox read; in ms.
     */
    double generatorMillisPerRequest() {
        double seconds = cpuSeconds.getOrDefault(BenchRun.LOAD_GENERATOR, Double.NaN);
        return seconds * 1000 / Math.max(1, sends.planned + readRequests);
    }

    boolean sustained() {
        return achieved() >= ADMITTED_SHARE * rate && backlogAtEnd <= rate && drained;
    }

    /** Errors other than the overload answers the mesh is meant to give (429 and 503 with Retry-After). */
    long unexpectedErrors() {
        return sends.errors().entrySet().stream()
                .filter(e -> !(e.getKey().startsWith("429 ") || e.getKey().startsWith("503 "))
                        || e.getKey().contains("WITHOUT"))
                .mapToLong(Map.Entry::getValue)
                .sum();
    }
}
