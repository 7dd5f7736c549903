package agentmesh.system;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Prometheus's own checker, {@code promtool}, where {@code ./mesh test} provides it: on the PATH, or unpacked from
 * Debian's prometheus package into {@code ~/.cache/agent-mesh/promtool/} (the {@code mesh} script's
 * {@code ensure_promtool}).
 */
public final class Promtool {

    private static final long TIMEOUT_SECONDS = 60;

    private Promtool() {}

    /** What promtool printed (standard output and error together) and its exit code. */
    public record Outcome(int exitCode, String output) {}

    /** Runs promtool with these arguments, {@code input} on its standard input, in {@code directory}. */
    public static Outcome run(Path directory, String input, String... arguments) {
        List<String> command = new ArrayList<>();
        command.add(executable().toString());
        command.addAll(List.of(arguments));
        try {
            Process process = new ProcessBuilder(command)
                    .directory(directory.toFile())
                    .redirectErrorStream(true)
                    .start();
            CompletableFuture<byte[]> output = CompletableFuture.supplyAsync(() -> readAll(process));
            try (OutputStream stdin = process.getOutputStream()) {
                stdin.write(input.getBytes(StandardCharsets.UTF_8));
            }
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("promtool " + arguments[0] + " took more than " + TIMEOUT_SECONDS + " s");
            }
            return new Outcome(process.exitValue(), new String(output.join(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new AssertionError("promtool could not be run: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while promtool ran", e);
        }
    }

    private static byte[] readAll(Process process) {
        try {
            return process.getInputStream().readAllBytes();
        } catch (IOException e) {
            return ("(promtool's output could not be read: " + e + ")").getBytes(StandardCharsets.UTF_8);
        }
    }

    private static Path executable() {
        Path cache = Path.of(
                Optional.ofNullable(System.getenv("XDG_CACHE_HOME"))
                        .orElse(System.getProperty("user.home") + "/.cache"),
                "agent-mesh",
                "promtool",
                "promtool");
        return Stream.concat(
                        Stream.of(System.getenv().getOrDefault("PATH", "").split(":"))
                                .filter(dir -> !dir.isEmpty())
                                .map(dir -> Path.of(dir, "promtool")),
                        Stream.of(cache))
                .filter(Files::isExecutable)
                .findFirst()
                .orElseThrow(() -> new AssertionError("promtool (Prometheus's checker) is neither on the PATH nor at "
                        + cache + ". ./mesh test puts it there from Debian's prometheus package; by hand: "
                        + "apt-get download prometheus && dpkg -x prometheus_*.deb x && mkdir -p " + cache.getParent()
                        + " && cp x/usr/bin/promtool " + cache));
    }
}
