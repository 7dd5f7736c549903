package agentmesh.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** A process's TCP connections, read from Linux's {@code /proc}: which of its sockets go where. */
final class SocketsOf {

    private SocketsOf() {}

    /** The local ports of the process's TCP connections to {@code remotePort} (IPv4 or IPv6). */
    static Set<Integer> localPorts(long pid, int remotePort) {
        Set<String> inodes = socketInodes(pid);
        Set<Integer> ports = new HashSet<>();
        for (String table : List.of("tcp", "tcp6")) {
            Path file = Path.of("/proc", Long.toString(pid), "net", table);
            try {
                // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
                for (String line : Files.readAllLines(file).stream().skip(1).toList()) {
                    String[] fields = line.trim().split("\\s+");
                    if (fields.length > 9 && port(fields[2]) == remotePort && inodes.contains(fields[9])) {
                        ports.add(port(fields[1]));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file, e);
            }
        }
        return ports;
    }

    private static Set<String> socketInodes(long pid) {
        Set<String> inodes = new HashSet<>();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path fd : fds) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring("socket:[".length(), target.length() - 1));
                    }
                } catch (IOException closed) {
                    // the descriptor closed while the directory was read
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the descriptors of process " + pid, e);
        }
        return inodes;
    }

    // "0100007F:0CEA" → 3306
    private static int port(String address) {
        return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1), 16);
    }
}
