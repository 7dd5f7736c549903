package agentmesh.agent.control;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TokensTest {

    @Test
    void aNewTokenIsWellFormedAndUnique() {
        String token = Tokens.newToken();
        assertTrue(Tokens.isWellFormed(token));
        assertNotEquals(token, Tokens.newToken());
    }

    @Test
    void stringsOfAnotherFormAreNotTokens() {
        String token = Tokens.newToken();
        assertFalse(Tokens.isWellFormed(token + "x"));
        assertFalse(Tokens.isWellFormed(token.substring(1)));
        assertFalse(Tokens.isWellFormed("mesh_" + "é".repeat(43)));
        assertFalse(Tokens.isWellFormed("it-admin-token"));
        assertFalse(Tokens.isWellFormed(token.substring(0, 10) + "." + token.substring(11)));
    }
}
