package agentmesh.web.security;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A token rotation revokes the agent's JWTs issued before it: by their whole-second {@code iat}. */
class BearerTokensTest {

    private static final Instant ROTATED = Instant.parse("2026-12-06T08:00:00.250Z");

    @Test
    void aJwtIssuedBeforeTheRotationIsRevoked() {
        assertFalse(BearerTokens.issuedSince(Instant.parse("2026-12-06T07:59:59Z"), ROTATED));
    }

    @Test
    void aJwtOfTheRotationsOwnSecondMayBeOlderThanItSoIsRevokedToo() {
        assertFalse(BearerTokens.issuedSince(Instant.parse("2026-12-06T08:00:00Z"), ROTATED));
    }

    @Test
    void aJwtIssuedAfterTheRotationIsGood() {
        assertTrue(BearerTokens.issuedSince(Instant.parse("2026-12-06T08:00:01Z"), ROTATED));
    }

    @Test
    void anAgentNeverRotatedTakesEveryJwt() {
        assertTrue(BearerTokens.issuedSince(Instant.parse("2026-12-06T08:00:00Z"), Instant.EPOCH));
    }

    @Test
    void aRotationOnTheSecondTakesAJwtOfThatSecond() {
        Instant onTheSecond = Instant.parse("2026-12-06T08:00:00Z");
        assertTrue(BearerTokens.issuedSince(onTheSecond, onTheSecond));
    }
}
