package agentmesh.system.bench;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * wrk, the benchmark's HTTP generator where a JDK client would measure itself rather than the mesh (at ten thousand
 * requests a second the JDK's HttpClient is the bottleneck on this machine, wrk is not). Debian's package, unpacked by
 * {@code ./mesh bench} ({@code ensure_wrk}) into {@code ~/.cache/agent-mesh/wrk/}; {@code MESH_WRK} names another.
 *
 * <p>Each run is driven by a Lua script of the caller's ({@code request}, and {@code response} when the answers are
 * to be counted by kind) to which a {@code done} hook is added that prints wrk's figures in one line of its own;
 * wrk's own CPU time (user + system) is what bash's {@code times} reports for its finished child, so that the
 * generator's cost per request is in the report beside the figure it produced.
 */
final class Wrk {

    /** Lua that gives each thread its number ({@code id}, from 1) and prints the figures and the counted answers. */
    private static final String DONE_HOOK = """
            local wrk_threads = {}
            function setup(thread)
              table.insert(wrk_threads, thread)
              thread:set("id", #wrk_threads)
            end
            function done(summary, latency, requests)
              local e = summary.errors
              io.write(string.format(
                "wrk-result requests=%d duration_us=%d connect=%d read=%d write=%d status=%d timeout=%d"
                  .. " p50_us=%d p99_us=%d p999_us=%d max_us=%d\\n",
                summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
                latency:percentile(50), latency:percentile(99), latency:percentile(99.9), latency.max))
              local answers = {}
              for _, thread in ipairs(wrk_threads) do
                local counted = thread:get("answers")
                if counted then
                  for kind, n in pairs(counted) do answers[kind] = (answers[kind] or 0) + n end
                end
              end
              for kind, n in pairs(answers) do io.write(string.format("wrk-answer %d %s\\n", n, kind)) end
            end
            """;

    private static final Pattern RESULT = Pattern.compile("^wrk-result (.*)$", Pattern.MULTILINE);
    private static final Pattern ANSWER = Pattern.compile("^wrk-answer (\\d+) (.+)$", Pattern.MULTILINE);
    private static final Pattern CPU = Pattern.compile("(\\d+)m([\\d.]+)s (\\d+)m([\\d.]+)s");

    /**
     * What one wrk run measured. {@code answers} holds what the script's {@code response} counted in its
     * {@code answers} table (e.g. by status), empty when it counted nothing.
     */
    record Result(
            int connections,
            double seconds,
            long requests,
            long non2xx,
            long connectErrors,
            long readErrors,
            long writeErrors,
            long timeouts,
            long p50Micros,
            long p99Micros,
            long p999Micros,
            long maxMicros,
            double cpuSeconds,
            Map<String, Long> answers) {

        /** Requests answered 2xx or 3xx per second: what the server served, not what it refused. */
        double servedPerSecond() {
            return (requests - non2xx) / seconds;
        }

        /** The generator's own CPU per request it completed, in ms. */
        double cpuMillisPerRequest() {
            return requests == 0 ? Double.NaN : cpuSeconds * 1000 / requests;
        }

        long socketErrors() {
            return connectErrors + readErrors + writeErrors + timeouts;
        }

        String socketErrorsText() {
            return "connect " + connectErrors + ", read " + readErrors + ", write " + writeErrors + ", timeout "
                    + timeouts;
        }
    }

    private Wrk() {}

    /**
     * Runs wrk against {@code url} for {@code duration} with {@code connections} open over two threads (the machine's
     * cores), driven by {@code script} (Lua, without a {@code setup} or {@code done} of its own).
     */
    static Result run(URI url, String script, int connections, Duration duration, Duration requestTimeout)
            throws IOException, InterruptedException {
        Path scriptFile = Files.createTempFile(Path.of("target"), "wrk-", ".lua");
        try {
            Files.writeString(scriptFile, script + "\n" + DONE_HOOK);
            List<String> command = new ArrayList<>(List.of(
                    "bash",
                    "-c",
                    "\"$@\"; status=$?; times; exit $status",
                    "wrk-run",
                    executable().toString(),
                    "--threads",
                    "2",
                    "--connections",
                    Integer.toString(connections),
                    "--duration",
                    duration.toSeconds() + "s",
                    "--timeout",
                    requestTimeout.toSeconds() + "s",
                    "--script",
                    scriptFile.toString(),
                    url.toString()));
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> readAll(process));
            long limit = duration.plus(requestTimeout).plusSeconds(30).toSeconds();
            if (!process.waitFor(limit, TimeUnit.SECONDS)) {
                process.destroy();
                throw new IllegalStateException("wrk ran longer than " + limit + " s: " + output.getNow(""));
            }
            String printed = output.join();
            if (process.exitValue() != 0) {
                throw new IllegalStateException("wrk exited with " + process.exitValue() + ": " + printed);
            }
            return parse(printed, connections);
        } finally {
            Files.deleteIfExists(scriptFile);
        }
    }

    /** wrk's output with the {@code done} hook's lines, then bash's {@code times} (shell, then children). */
    static Result parse(String output, int connections) {
        Matcher result = RESULT.matcher(output);
        if (!result.find()) {
            throw new IllegalStateException("no figures in wrk's output: " + output);
        }
        Map<String, Long> figures = new TreeMap<>();
        for (String pair : result.group(1).trim().split(" ")) {
            String[] keyValue = pair.split("=", 2);
            figures.put(keyValue[0], Long.parseLong(keyValue[1]));
        }
        Matcher answer = ANSWER.matcher(output);
        Map<String, Long> answers = new TreeMap<>();
        while (answer.find()) {
            answers.put(answer.group(2).trim(), Long.parseLong(answer.group(1)));
        }
        Matcher cpu = CPU.matcher(output.substring(result.end()));
        double cpuSeconds = Double.NaN;
        while (cpu.find()) { // the last pair is the children's: wrk's
            cpuSeconds = Integer.parseInt(cpu.group(1)) * 60
                    + Double.parseDouble(cpu.group(2))
                    + Integer.parseInt(cpu.group(3)) * 60
                    + Double.parseDouble(cpu.group(4));
        }
        return new Result(
                connections,
                figures.get("duration_us") / 1e6,
                figures.get("requests"),
                figures.get("status"),
                figures.get("connect"),
                figures.get("read"),
                figures.get("write"),
                figures.get("timeout"),
                figures.get("p50_us"),
                figures.get("p99_us"),
                figures.get("p999_us"),
                figures.get("max_us"),
                cpuSeconds,
                answers);
    }

    /** A Lua string literal of {@code text} (tokens, JSON bodies: no quotes or backslashes need more). */
    static String lua(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static String readAll(Process process) {
        try {
            return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(wrk's output could not be read: " + e + ")";
        }
    }

    static Path executable() {
        Path cache = Path.of(
                Optional.ofNullable(System.getenv("XDG_CACHE_HOME"))
                        .orElse(System.getProperty("user.home") + "/.cache"),
                "agent-mesh",
                "wrk",
                "wrk");
        return Stream.concat(
                        Optional.ofNullable(System.getenv("MESH_WRK")).map(Path::of).stream(),
                        Stream.concat(
                                Stream.of(cache),
                                Stream.of(System.getenv()
                                                .getOrDefault("PATH", "")
                                                .split(":"))
                                        .filter(dir -> !dir.isEmpty())
                                        .map(dir -> Path.of(dir, "wrk"))))
                .filter(Files::isExecutable)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("wrk (the benchmark's HTTP generator) is neither at"
                        + " MESH_WRK, nor at " + cache + ", nor on the PATH: ./mesh bench unpacks it there from"
                        + " Debian's wrk package"));
    }
}
