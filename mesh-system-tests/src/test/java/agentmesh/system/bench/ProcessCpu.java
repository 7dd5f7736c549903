package agentmesh.system.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * CPU time of the processes the benchmark measures, from {@code /proc/<pid>/stat} (user + system, in clock ticks of
 * 1/100 s on Linux): read before and after a step, the difference is what the step cost each process.
 */
final class ProcessCpu {

    private static final double TICKS_PER_SECOND = 100.0;

    private final Map<String, Long> pids;

    ProcessCpu(Map<String, Long> pids) {
        this.pids = pids;
    }

    /** The first running process whose command name is one of the names (e.g. the database server). */
    static Optional<Long> pidOf(String... commandNames) {
        try (Stream<Path> entries = Files.list(Path.of("/proc"))) {
            return entries.filter(p -> p.getFileName().toString().matches("\\d+"))
                    .filter(p -> {
                        try {
                            String comm = Files.readString(p.resolve("comm")).trim();
                            return Stream.of(commandNames).anyMatch(comm::equals);
                        } catch (IOException e) {
                            return false;
                        }
                    })
                    .map(p -> Long.parseLong(p.getFileName().toString()))
                    .findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** CPU seconds used between two samples, per process name. */
    static Map<String, Double> used(Map<String, Double> before, Map<String, Double> after) {
        Map<String, Double> used = new LinkedHashMap<>();
        after.forEach((name, seconds) -> used.put(name, seconds - before.getOrDefault(name, Double.NaN)));
        return used;
    }

    /** CPU seconds used so far, per process name. */
    Map<String, Double> sample() {
        Map<String, Double> seconds = new LinkedHashMap<>();
        pids.forEach((name, pid) -> seconds.put(name, cpuSeconds(pid)));
        return seconds;
    }

    static double cpuSeconds(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            // The command name (field 2) may hold spaces; the fields after it start at the state (field 3).
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            long utime = Long.parseLong(fields[11]);
            long stime = Long.parseLong(fields[12]);
            return (utime + stime) / TICKS_PER_SECOND;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }
}
