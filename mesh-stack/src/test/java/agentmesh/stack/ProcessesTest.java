package agentmesh.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stack's dealings with the machine: commands, pid files, ports and directories. */
class ProcessesTest {

    @Test
    void aCommandsOutputIsReturnedWithItsEnvironment() {
        String output = Processes.run(
                List.of("sh", "-c", "echo $GREETING"), Map.of("GREETING", "hello"), Duration.ofSeconds(10));

        assertEquals("hello\n", output);
    }

    @Test
    void aFailingCommandFailsWithItsExitCodeAndOutput() {
        var failed = assertThrows(
                StackException.class,
                () -> Processes.run(List.of("sh", "-c", "echo broken; exit 3"), Map.of(), Duration.ofSeconds(10)));

        assertTrue(failed.getMessage().contains("failed (exit 3)"), failed.getMessage());
        assertTrue(failed.getMessage().endsWith("broken\n"), failed.getMessage());
    }

    @Test
    void aCommandThatOutlivesItsTimeoutIsEndedAndReported() {
        var late = assertThrows(
                StackException.class, () -> Processes.run(List.of("sleep", "30"), Map.of(), Duration.ofMillis(300)));

        assertTrue(late.getMessage().contains("did not finish within"), late.getMessage());
    }

    @Test
    void aPidFileNamesALiveProcessOrNothing(@TempDir Path dir) throws IOException {
        Path pidFile = dir.resolve("x.pid");
        assertEquals(Optional.empty(), Processes.fromPidFile(pidFile), "no file");
        Files.writeString(pidFile, "not a pid");
        assertEquals(Optional.empty(), Processes.fromPidFile(pidFile));
        Files.writeString(pidFile, ProcessHandle.current().pid() + "\n");
        assertEquals(
                Optional.of(ProcessHandle.current().pid()),
                Processes.fromPidFile(pidFile).map(ProcessHandle::pid));
    }

    @Test
    void aTakenPortIsReportedWithWhatItWasFor() throws IOException {
        try (ServerSocket taken = listening(0)) {
            int port = taken.getLocalPort();

            var refused = assertThrows(StackException.class, () -> Ports.requireFree(port, "Kafka broker"));

            assertTrue(
                    refused.getMessage().startsWith("Port " + port + " (Kafka broker) is already taken"),
                    refused.getMessage());
            assertTrue(Ports.accepts("127.0.0.1", port));
        }
    }

    @Test
    void aPortBaseWithOneTakenPortIsSkippedForTheNextHundred() throws IOException {
        int from = Ports.freeBase(41_000);
        try (ServerSocket taken = listening(from + 48)) {
            int base = Ports.freeBase(from);

            assertNotEquals(from, base);
            assertEquals(0, (base - from) % 100, "bases step by 100 from where the search began");
        }
        assertEquals(from, Ports.freeBase(from), "free again once it is closed");
    }

    @Test
    void aDirectoryIsCopiedWholeAndDeletedWhole(@TempDir Path dir) throws IOException {
        Path source = dir.resolve("source");
        Files.createDirectories(source.resolve("a/b"));
        Files.writeString(source.resolve("a/b/file.txt"), "content");

        Directories.copy(source, dir.resolve("copy"));
        Directories.delete(source);
        Directories.delete(dir.resolve("never-was"));

        assertEquals("content", Files.readString(dir.resolve("copy/a/b/file.txt")));
        assertFalse(Files.exists(source));
    }

    private static ServerSocket listening(int port) throws IOException {
        ServerSocket socket = new ServerSocket();
        socket.bind(new InetSocketAddress("127.0.0.1", port));
        return socket;
    }
}
