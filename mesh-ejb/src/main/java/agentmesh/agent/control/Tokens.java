package agentmesh.agent.control;

import agentmesh.digest.Sha256;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.regex.Pattern;

/**
 * Agent bearer tokens: 256 random bits, handed out once, stored as their SHA-256. A fast hash is right here (unlike
 * for passwords): the token has full entropy, so there is nothing to brute-force, and every request checks one.
 */
public final class Tokens {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Pattern WELL_FORMED = Pattern.compile("mesh_[A-Za-z0-9_-]{43}");

    private Tokens() {}

    public static String newToken() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return "mesh_" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** Whether the string has the form {@link #newToken} gives: only such a string is worth a lookup. */
    public static boolean isWellFormed(String token) {
        return WELL_FORMED.matcher(token).matches();
    }

    public static String hash(String token) {
        return Sha256.hex(token);
    }
}
