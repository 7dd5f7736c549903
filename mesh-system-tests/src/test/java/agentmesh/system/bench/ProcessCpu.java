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

    /** The JIT compiler threads' CPU seconds so far of the named process ({@link #compilerSeconds(long)}). */
    double compilerSeconds(String name) {
        Long pid = pids.get(name);
        return pid == null ? Double.NaN : compilerSeconds(pid);
    }

    static double cpuSeconds(long pid) {
        try {
            return seconds(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /**
     * CPU seconds a HotSpot JVM's JIT compiler threads ({@code C1 CompilerThread0}, {@code C2 CompilerThread0}, ...)
     * used so far: what a server still compiling adds to each message's cost, minutes into a steady load. (HotSpot
     * ends the compiler threads it added beyond one of each kind when they idle, and their time with them; on 2
     * cores it starts no more than that one.)
     */
    private static double compilerSeconds(long pid) {
        try (Stream<Path> threads = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            return threads.mapToDouble(thread -> {
                        try {
                            String stat = Files.readString(thread.resolve("stat"));
                            String comm = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                            return comm.matches("C[12] CompilerThre.*") ? seconds(stat) : 0;
                        } catch (IOException e) {
                            return 0; // a thread that ended meanwhile
                        }
                    })
                    .sum();
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /** User + system time of a {@code stat} line, of a process or a thread. */
    private static double seconds(String stat) {
        // The command name (field 2) may hold spaces; the fields after it start at the state (field 3).
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        long utime = Long.parseLong(fields[11]);
        long stime = Long.parseLong(fields[12]);
        return (utime + stime) / TICKS_PER_SECOND;
    }
}
