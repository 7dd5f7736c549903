package agentmesh.stack;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.stream.IntStream;

final class Ports {

    private Ports() {}

    /** Fails with a message naming the port and its user when something already listens there. */
    static void requireFree(int port, String purpose) {
        if (inUse(port)) {
            throw new StackException("Port " + port + " (" + purpose + ") is already taken. Stop what listens there"
                    + " (ss -ltnp 'sport = :" + port + "') or choose other ports (see docs/CONFIGURATION.md).");
        }
    }

    /**
     * A Payara port base from {@code from} on, in steps of 100, whose every port is free (a domain with a port base
     * listens on the base plus 0 to 99: admin 48, HTTP 80, HTTPS 81, and others).
     */
    static int freeBase(int from) {
        for (int base = from; base + 100 < 65_536; base += 100) {
            int candidate = base;
            if (IntStream.range(0, 100).noneMatch(offset -> inUse(candidate + offset))) {
                return base;
            }
        }
        throw new StackException("No free range of 100 ports from " + from);
    }

    static boolean inUse(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress("127.0.0.1", port));
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    static boolean accepts(String host, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
