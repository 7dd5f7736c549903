package agentmesh.system;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.system.MeshClient.Agent;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An unauthenticated request costs the server little: it is refused before its body is read, a stream of guessed
 * tokens is cut off without database lookups (while known agents go on), and an upload that stalls frees its
 * worker after the body read timeout.
 */
@ExtendWith(MeshStackExtension.class)
class AuthenticationCostIT {

    private final MeshClient mesh = MeshClient.forStack();
    private final URI base = MeshStackExtension.stack().config().baseUri();

    @Test
    void aRequestWithoutAValidTokenIsRefusedBeforeItsBodyIsSent() throws Exception {
        for (String authorization : List.of(
                "", "Authorization: Bearer not-a-token\r\n", "Authorization: Bearer " + guessedToken() + "\r\n")) {
            try (Socket socket = new Socket(base.getHost(), base.getPort())) {
                socket.setSoTimeout(5_000);
                long start = System.nanoTime();
                // Announces a megabyte and sends none of it: only a server that does not wait for it can answer.
                write(socket, head(authorization, 1_000_000));

                String statusLine = new BufferedReader(
                                new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1))
                        .readLine();

                assertTrue(statusLine.startsWith("HTTP/1.1 401 "), authorization + " → " + statusLine);
                assertTrue(Duration.ofNanos(System.nanoTime() - start).toMillis() < 3_000);
            }
        }
    }

    @Test
    void guessedTokensAreCutOffWhileKnownAgentsAreServedAndTheAddressRecovers() throws Exception {
        // From an address of its own (127.0.0.2 is loopback too): the limit is per address, and the other tests'
        // 127.0.0.1 must not be the one locked out.
        InetAddress from = InetAddress.getByName("127.0.0.2");
        Agent known = mesh.registerAgent("known");
        assertEquals(200, get(from, "me", known.token()).status());

        List<RawAnswer> guesses = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            guesses.add(get(from, "me", guessedToken()));
        }

        assertTrue(
                guesses.stream().allMatch(answer -> answer.status() == 401 || answer.status() == 429),
                guesses::toString);
        List<RawAnswer> cutOff =
                guesses.stream().filter(answer -> answer.status() == 429).toList();
        assertTrue(cutOff.size() >= 20, "only " + cutOff.size() + " of 60 guesses were cut off");
        assertTrue(
                cutOff.stream()
                        .allMatch(answer -> answer.head().contains("Retry-After:")
                                && answer.body().contains("too-many-failed-authentications")),
                cutOff::toString);
        assertEquals(200, get(from, "me", known.token()).status(), "an agent the server knows is not locked out");
        assertEquals(
                200,
                mesh.get("me", mesh.registerAgent("elsewhere").token()).status(),
                "another address is not locked out");

        Agent fresh = mesh.registerAgent("fresh");
        await().atMost(Duration.ofSeconds(10))
                .until(() -> get(from, "me", fresh.token()).status() == 200);
    }

    /**
     * Payara answers 408 and closes; WildFly's listener closes the connection itself when a read times out, so
     * there the upload ends without an answer — within the same time, which is what frees the worker.
     */
    @Test
    void anUploadThatStallsIsAnswered408AndItsConnectionClosed() throws Exception {
        Agent alice = mesh.registerAgent("alice");
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(30_000);
            long start = System.nanoTime();
            write(socket, head("Authorization: Bearer " + alice.token() + "\r\n", 100_000));
            write(
                    socket,
                    ("{\"to\":\"" + alice.id() + "\",\"parts\":[{\"kind\":\"text\",\"text\":\"")
                            .getBytes(StandardCharsets.UTF_8));

            BufferedReader answer =
                    new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1));
            String statusLine = answer.readLine();
            long seconds = Duration.ofNanos(System.nanoTime() - start).toSeconds();

            assertTrue(seconds >= 5 && seconds <= 20, seconds + " s");
            if (MeshStackExtension.onWildFly()) {
                assertNull(statusLine, "the connection is closed");
                return;
            }
            assertTrue(statusLine.startsWith("HTTP/1.1 408 "), statusLine);
            String line;
            boolean closes = false;
            while ((line = answer.readLine()) != null && !line.isEmpty()) {
                closes |= line.equalsIgnoreCase("Connection: close");
            }
            assertTrue(closes, "the connection is closed after a 408");
        }
    }

    /** An answer read off the socket: its status, its head and its body. */
    record RawAnswer(int status, String head, String body) {}

    // The JDK's HTTP client cannot choose the address it connects from: a plain HTTP/1.1 GET on a socket can.
    private RawAnswer get(InetAddress from, String path, String token) throws Exception {
        try (Socket socket = new Socket(base.getHost(), base.getPort(), from, 0)) {
            socket.setSoTimeout(10_000);
            write(
                    socket,
                    "GET " + base.getPath() + path + " HTTP/1.1\r\nHost: " + base.getHost() + ":" + base.getPort()
                            + "\r\nAuthorization: Bearer " + token + "\r\nConnection: close\r\n\r\n");
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int end = answer.indexOf("\r\n\r\n");
            return new RawAnswer(
                    Integer.parseInt(answer.substring(9, 12)), answer.substring(0, end), answer.substring(end + 4));
        }
    }

    private String head(String authorization, int contentLength) {
        return "POST " + base.getPath() + "messages HTTP/1.1\r\nHost: " + base.getHost() + ":" + base.getPort()
                + "\r\nContent-Type: application/json\r\n" + authorization + "Content-Length: " + contentLength
                + "\r\n\r\n";
    }

    private static void write(Socket socket, String text) throws Exception {
        write(socket, text.getBytes(StandardCharsets.ISO_8859_1));
    }

    private static void write(Socket socket, byte[] bytes) throws Exception {
        OutputStream out = socket.getOutputStream();
        out.write(bytes);
        out.flush();
    }

    /** A token of the mesh's form that no agent has: it needs a lookup to be refused. */
    private static String guessedToken() {
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        return "mesh_" + Base64.getUrlEncoder().withoutPadding().encodeToString(random);
    }
}
