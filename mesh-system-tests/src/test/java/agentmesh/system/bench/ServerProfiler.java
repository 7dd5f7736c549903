package agentmesh.system.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * async-profiler in the server's JVM for each measured step ({@code -Dbench.profile=true}): loaded by {@code jcmd
 * <pid> JVMTI.agent_load}, started at the step's start and stopped at its end into a collapsed-stacks file. JFR's
 * sampler took almost no samples on this kind of VM; async-profiler's {@code cpu} event counts CPU time by perf
 * events where the kernel allows them (user space only at {@code perf_event_paranoid} 2) and falls back to a
 * per-thread CPU timer where it does not: {@link #engine()} says which it took, read from the descriptors the server
 * holds (perf events are file descriptors).
 */
final class ServerProfiler {

    /** A sample per millisecond of CPU time: tens of thousands per step for a server using a core or more. */
    static final String INTERVAL = "1ms";

    private final long pid;
    private final Path library;
    private String engine = "not started";

    private ServerProfiler(long pid, Path library) {
        this.pid = pid;
        this.library = library;
    }

    /** The profiler when the run asks for one; fails at once if it cannot be, rather than after the warm-up. */
    static Optional<ServerProfiler> fromSystemProperties(Optional<Long> serverPid) {
        if (!Boolean.getBoolean("bench.profile")) {
            return Optional.empty();
        }
        Path library = Path.of(System.getProperty(
                "bench.profiler.library", "target/async-profiler/linux-x64" + "/libasyncProfiler.so"));
        if (!Files.isReadable(library)) {
            throw new IllegalStateException("bench.profile=true, but async-profiler's library is not at " + library
                    + " (the pom's profile bench-profile unpacks it when Maven runs with -Dbench.profile=true)");
        }
        long pid = serverPid.orElseThrow(
                () -> new IllegalStateException("bench.profile=true, but the server's" + " process id is unknown"));
        return Optional.of(new ServerProfiler(pid, library.toAbsolutePath()));
    }

    void start() {
        agent("start,event=cpu,interval=" + INTERVAL);
        engine = perfEventsOpen() ? "cpu by perf events" : "cpu by a CPU timer (ctimer: perf events not allowed)";
    }

    /** Stops the profiler, writes the step's stacks to the file and reads them back as a breakdown. */
    ProfileBreakdown stop(Path collapsed) {
        agent("stop,file=" + collapsed.toAbsolutePath() + ",collapsed,ann");
        return ProfileBreakdown.read(collapsed, engine);
    }

    String engine() {
        return engine;
    }

    private boolean perfEventsOpen() {
        try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            return fds.anyMatch(fd -> {
                try {
                    return Files.readSymbolicLink(fd).toString().contains("perf_event");
                } catch (IOException e) {
                    return false;
                }
            });
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * One command to the agent. jcmd parses its arguments as name=value pairs; the agent's options, which hold
     * {@code =}, pass whole only quoted.
     */
    private void agent(String options) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        List<String> command = List.of(
                jcmd.toString(), Long.toString(pid), "JVMTI.agent_load", library.toString(), '"' + options + '"');
        try {
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(60, TimeUnit.SECONDS)
                    || process.exitValue() != 0
                    || !output.contains("return code: 0")) {
                throw new IllegalStateException("async-profiler's " + options + " failed: " + output.strip());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while " + options, e);
        }
    }
}
