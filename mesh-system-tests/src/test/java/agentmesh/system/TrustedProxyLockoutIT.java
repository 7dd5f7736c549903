package agentmesh.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The failed-authentication lockout behind a trusted proxy ({@code mesh.http.trusted-proxies}, here the tests'
 * 127.0.0.1, {@link MeshStackExtension#TRUSTED_PROXY}): it keys on the client the proxy names in
 * {@code X-Forwarded-For}, so one client's guesses lock out that client and not the others behind the same proxy;
 * from a peer that is no trusted proxy the header is the client's own claim and changes nothing.
 */
@ExtendWith(MeshStackExtension.class)
class TrustedProxyLockoutIT {

    private static final int GUESSES = 60;

    private final URI base = MeshStackExtension.stack().config().baseUri();
    private final InetAddress proxy = address(MeshStackExtension.TRUSTED_PROXY);

    @Test
    void guessesForwardedForOneClientLockOutThatClientAndNotAnotherBehindTheSameProxy() throws Exception {
        String guesser = randomClientAddress();
        String neighbour = "203.0.113.9"; // outside the guessers' block; one failure each run locks nothing

        List<Answer> guesses = guesses(proxy, () -> guesser);

        assertCutOff(guesses);
        assertEquals(
                401,
                get(proxy, neighbour, guessedToken()).status(),
                "another client behind the proxy has its token looked at");
    }

    @Test
    void forwardedForFromAPeerThatIsNoTrustedProxyIsIgnored() throws Exception {
        // 127.0.0.5 is loopback too, and not in mesh.http.trusted-proxies; no other test uses it.
        InetAddress untrusted = address("127.0.0.5");

        // Each guess names another client: were the header believed, each would find a full bucket and none a 429.
        List<Answer> guesses = guesses(untrusted, TrustedProxyLockoutIT::randomClientAddress);

        assertCutOff(guesses);
    }

    private List<Answer> guesses(InetAddress from, Supplier<String> forwardedFor) throws Exception {
        List<Answer> answers = new ArrayList<>();
        for (int i = 0; i < GUESSES; i++) {
            answers.add(get(from, forwardedFor.get(), guessedToken()));
        }
        return answers;
    }

    // The default lockout lets a burst of 20 lookups through, then 5 a second (mesh.auth.failure-burst, …-per-second);
    // between those, a locked-out client's guesses are refused without a look.
    private static void assertCutOff(List<Answer> guesses) {
        assertTrue(
                guesses.stream().allMatch(answer -> answer.status() == 401 || answer.status() == 429),
                guesses::toString);
        List<Answer> cutOff =
                guesses.stream().filter(answer -> answer.status() == 429).toList();
        assertTrue(cutOff.size() >= 20, "only " + cutOff.size() + " of " + GUESSES + " guesses were cut off");
        assertTrue(
                cutOff.stream().allMatch(answer -> answer.body().contains("too-many-failed-authentications")),
                cutOff::toString);
    }

    /** An answer read off the socket: its status and its body. */
    record Answer(int status, String body) {}

    // The JDK's HTTP client cannot choose the address it connects from: a plain HTTP/1.1 GET on a socket can.
    private Answer get(InetAddress from, String forwardedFor, String token) throws Exception {
        try (Socket socket = new Socket(base.getHost(), base.getPort(), from, 0)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + base.getPath() + "me HTTP/1.1\r\nHost: " + base.getHost() + ":" + base.getPort()
                            + "\r\nAuthorization: Bearer " + token + "\r\nX-Forwarded-For: " + forwardedFor
                            + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return new Answer(
                    Integer.parseInt(answer.substring(9, 12)), answer.substring(answer.indexOf("\r\n\r\n") + 4));
        }
    }

    // An address of 198.18.0.0/15 (RFC 2544, benchmarking): a client no other test or earlier run has used.
    private static String randomClientAddress() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return "198." + (18 + random.nextInt(2)) + "." + random.nextInt(256) + "." + (1 + random.nextInt(254));
    }

    private static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(literal, e);
        }
    }

    /** A token of the mesh's form that no agent has: it needs a lookup to be refused. */
    private static String guessedToken() {
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        return "mesh_" + Base64.getUrlEncoder().withoutPadding().encodeToString(random);
    }
}
