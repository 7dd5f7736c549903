package agentmesh.a2a.relay.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;
import org.junit.jupiter.api.Test;

class RemoteSecretsTest {

    private static final String TOKEN = "remote-server-secret-4711";
    private static final String KEY = Base64.getEncoder().encodeToString(bytes(32, 7));
    private static final String OTHER_KEY = Base64.getEncoder().encodeToString(bytes(32, 9));

    private final RemoteSecrets sealing = RemoteSecrets.withKey(KEY);

    @Test
    void aSealedTokenShowsNothingOfItselfAndOpensWithItsKey() {
        String stored = sealing.seal("echo", TOKEN);
        assertTrue(stored.startsWith("v1:"), stored);
        assertFalse(stored.contains(TOKEN) || stored.contains("4711"), stored);
        assertEquals(TOKEN, RemoteSecrets.withKey(KEY).open("echo", stored));
    }

    @Test
    void sealingTheSameTokenTwiceGivesTwoForms() {
        assertNotEquals(sealing.seal("echo", TOKEN), sealing.seal("echo", TOKEN));
    }

    @Test
    void aSealedTokenDoesNotOpenForAnotherAgent() {
        String stored = sealing.seal("echo", TOKEN);
        assertThrows(RemoteSecrets.UnreadableSecretException.class, () -> sealing.open("mallory", stored));
    }

    @Test
    void aSealedTokenDoesNotOpenWithAnotherKeyAndTheReasonHoldsNoToken() {
        String stored = sealing.seal("echo", TOKEN);
        RemoteSecrets.UnreadableSecretException e = assertThrows(
                RemoteSecrets.UnreadableSecretException.class,
                () -> RemoteSecrets.withKey(OTHER_KEY).open("echo", stored));
        assertFalse(e.getMessage().contains(TOKEN));
    }

    @Test
    void aSealedTokenWithoutTheKeyIsUnreadableNotSentAsItIs() {
        String stored = sealing.seal("echo", TOKEN);
        assertThrows(
                RemoteSecrets.UnreadableSecretException.class,
                () -> RemoteSecrets.inClear().open("echo", stored));
    }

    @Test
    void aTamperedSealedTokenDoesNotOpen() {
        String stored = sealing.seal("echo", TOKEN);
        byte[] raw = Base64.getDecoder().decode(stored.substring(3));
        raw[raw.length - 1] ^= 1;
        String tampered = "v1:" + Base64.getEncoder().encodeToString(raw);
        assertThrows(RemoteSecrets.UnreadableSecretException.class, () -> sealing.open("echo", tampered));
        assertThrows(RemoteSecrets.UnreadableSecretException.class, () -> sealing.open("echo", "v1:AAAA"));
        assertThrows(RemoteSecrets.UnreadableSecretException.class, () -> sealing.open("echo", "v1:not base64!"));
    }

    @Test
    void withoutAKeyATokenIsStoredInClearBehindItsMarker() {
        RemoteSecrets clear = RemoteSecrets.inClear();
        assertFalse(clear.seals());
        assertEquals("clear:" + TOKEN, clear.seal("echo", TOKEN));
        assertEquals(TOKEN, clear.open("echo", "clear:" + TOKEN));
        assertEquals(TOKEN, sealing.open("echo", "clear:" + TOKEN), "a key set later still reads them");
    }

    @Test
    void tokensStoredBeforeSealingStayReadable() {
        assertEquals(TOKEN, sealing.open("echo", TOKEN));
        assertEquals(TOKEN, RemoteSecrets.inClear().open("echo", TOKEN));
    }

    @Test
    void noTokenStaysNone() {
        assertNull(sealing.seal("echo", null));
        assertNull(sealing.open("echo", null));
    }

    @Test
    void aKeyThatIsNotTheBase64OfThirtyTwoBytesIsRefused() {
        assertThrows(
                IllegalArgumentException.class,
                () -> RemoteSecrets.withKey(Base64.getEncoder().encodeToString(bytes(16, 1))));
        assertThrows(IllegalArgumentException.class, () -> RemoteSecrets.withKey("not base64 at all!"));
    }

    @Test
    void theRelaysTargetNeverShowsItsToken() {
        RemoteAgents.Target target = new RemoteAgents.Target(
                "echo", "https://agent.example/card", "https://agent.example/rpc", "1.0", TOKEN, null, true, 0, 0, 0);
        assertFalse(target.toString().contains(TOKEN), target.toString());
    }

    private static byte[] bytes(int length, int seed) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) (seed * 31 + i);
        }
        return bytes;
    }
}
