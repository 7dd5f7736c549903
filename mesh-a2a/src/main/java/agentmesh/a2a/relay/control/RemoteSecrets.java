package agentmesh.a2a.relay.control;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The remote agents' bearer tokens as the database keeps them. With a key ({@code mesh.a2a.remote.secret-key}, the
 * base64 of 32 bytes) a token is sealed with AES-256-GCM: {@code v1:} and the base64 of a random 12-byte nonce and
 * the ciphertext with its tag, the agent's id bound in as associated data (a sealed token copied to another agent's
 * row does not open). Without a key it is kept in clear behind {@code clear:}, and {@link RemoteSettings} warns once
 * at start — so that the mesh runs with no setup, and an operator sees that it should not stay so.
 *
 * <p>Every stored form stays readable: {@code v1:} with the key, {@code clear:}, and the rows written before tokens
 * were sealed (no prefix: in clear). A {@code v1:} token without the key, or with another key, does not open
 * ({@link UnreadableSecretException}); the relay then waits for an admin instead of calling without it.
 */
final class RemoteSecrets {

    private static final String SEALED = "v1:";
    private static final String CLEAR = "clear:";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SecretKeySpec key;

    private RemoteSecrets(SecretKeySpec key) {
        this.key = key;
    }

    /** Sealing with the key this base64 text holds; an IllegalArgumentException when it is not 32 bytes. */
    static RemoteSecrets withKey(String base64Key) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(base64Key.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "mesh.a2a.remote.secret-key must be the base64 of 32 bytes; it is no" + " base64");
        }
        if (bytes.length != 32) {
            throw new IllegalArgumentException(
                    "mesh.a2a.remote.secret-key must be the base64 of 32 bytes; it holds " + bytes.length);
        }
        return new RemoteSecrets(new SecretKeySpec(bytes, "AES"));
    }

    static RemoteSecrets inClear() {
        return new RemoteSecrets(null);
    }

    boolean seals() {
        return key != null;
    }

    /** The form to store a token of this agent in; null for none. */
    String seal(String agentId, String secret) {
        if (secret == null) {
            return null;
        }
        if (key == null) {
            return CLEAR + secret;
        }
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        try {
            Cipher cipher = cipher(Cipher.ENCRYPT_MODE, agentId, nonce);
            byte[] sealed = cipher.doFinal(secret.getBytes(StandardCharsets.UTF_8));
            return SEALED
                    + Base64.getEncoder()
                            .encodeToString(ByteBuffer.allocate(nonce.length + sealed.length)
                                    .put(nonce)
                                    .put(sealed)
                                    .array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is part of every JDK", e);
        }
    }

    /** The token a stored form holds; null for none. */
    String open(String agentId, String stored) {
        if (stored == null) {
            return null;
        }
        if (stored.startsWith(CLEAR)) {
            return stored.substring(CLEAR.length());
        }
        if (!stored.startsWith(SEALED)) {
            return stored; // stored before tokens were sealed
        }
        if (key == null) {
            throw new UnreadableSecretException(
                    "the stored bearer token is sealed, and mesh.a2a.remote.secret-key" + " is not set");
        }
        try {
            byte[] bytes = Base64.getDecoder().decode(stored.substring(SEALED.length()));
            if (bytes.length <= NONCE_BYTES) {
                throw new UnreadableSecretException("the stored bearer token is damaged");
            }
            Cipher cipher = cipher(Cipher.DECRYPT_MODE, agentId, Arrays.copyOf(bytes, NONCE_BYTES));
            return new String(cipher.doFinal(bytes, NONCE_BYTES, bytes.length - NONCE_BYTES), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException | GeneralSecurityException e) {
            throw new UnreadableSecretException("the stored bearer token does not open with"
                    + " mesh.a2a.remote.secret-key (was the key changed?); attach the agent again");
        }
    }

    private Cipher cipher(int mode, String agentId, byte[] nonce) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(mode, key, new GCMParameterSpec(TAG_BITS, nonce));
        cipher.updateAAD(agentId.getBytes(StandardCharsets.UTF_8));
        return cipher;
    }

    /** A stored token that cannot be read with this mesh's settings; the message never holds the token. */
    static final class UnreadableSecretException extends RuntimeException {
        UnreadableSecretException(String message) {
            super(message);
        }
    }
}
