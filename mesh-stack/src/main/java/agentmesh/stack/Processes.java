package agentmesh.stack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Runs the commands and background processes of the stack. */
final class Processes {

    private Processes() {}

    static String javaCommand() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    static Path javaHome() {
        return Path.of(javaCommand()).getParent().getParent();
    }

    /** Runs a command to its end; fails with its output when it exits non-zero or takes longer than the timeout. */
    static String run(List<String> command, Map<String, String> environment, Duration timeout) {
        try {
            Path output = Files.createTempFile("mesh-stack", ".out");
            try {
                ProcessBuilder builder =
                        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
                builder.environment().putAll(environment);
                Process process = builder.start();
                process.getOutputStream().close();
                if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.destroyForcibly();
                    throw new StackException("`" + String.join(" ", command) + "` did not finish within "
                            + timeout.toSeconds() + " s:\n" + Files.readString(output));
                }
                String text = Files.readString(output);
                if (process.exitValue() != 0) {
                    throw new StackException(
                            "`" + String.join(" ", command) + "` failed (exit " + process.exitValue() + "):\n" + text);
                }
                return text;
            } finally {
                Files.deleteIfExists(output);
            }
        } catch (IOException e) {
            throw new StackException("Could not run " + command.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StackException("Interrupted while running " + command.get(0), e);
        }
    }

    /** The live process whose id is in the file, if it still runs. */
    static Optional<ProcessHandle> fromPidFile(Path pidFile) {
        try {
            if (!Files.isRegularFile(pidFile)) {
                return Optional.empty();
            }
            long pid = Long.parseLong(Files.readString(pidFile).trim());
            return ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    static void kill(ProcessHandle process) {
        process.destroyForcibly();
        process.onExit().orTimeout(30, TimeUnit.SECONDS).join();
    }

    /** SIGTERM, then SIGKILL if the process has not ended within the grace period. */
    static void terminate(ProcessHandle process, Duration grace) {
        process.destroy();
        try {
            process.onExit().get(grace.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            kill(process);
        }
    }
}
