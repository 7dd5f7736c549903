package agentmesh.web.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import agentmesh.web.origin.ClientOrigin;
import agentmesh.web.security.oidc.ProviderUnavailable;
import agentmesh.web.security.oidc.TestProviders;
import jakarta.servlet.http.HttpServletRequest;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A token rotation revokes the agent's JWTs issued before it, by their whole-second {@code iat}, with the clock
 * skew as margin; a provider out of reach is no failed authentication.
 */
class BearerTokensTest {

    private static final Instant ROTATED = Instant.parse("2026-12-06T08:00:00.250Z");
    private static final Duration NO_SKEW = Duration.ZERO;
    private static final Duration SKEW = Duration.ofSeconds(30);

    @Test
    void aJwtIssuedBeforeTheRotationIsRevoked() {
        assertFalse(BearerTokens.issuedSince(Instant.parse("2026-12-06T07:59:59Z"), ROTATED, NO_SKEW));
    }

    @Test
    void aJwtOfTheRotationsOwnSecondMayBeOlderThanItSoIsRevokedToo() {
        assertFalse(BearerTokens.issuedSince(Instant.parse("2026-12-06T08:00:00Z"), ROTATED, NO_SKEW));
    }

    @Test
    void aJwtIssuedAfterTheRotationIsGood() {
        assertTrue(BearerTokens.issuedSince(Instant.parse("2026-12-06T08:00:01Z"), ROTATED, NO_SKEW));
    }

    @Test
    void anAgentNeverRotatedTakesEveryJwt() {
        assertTrue(BearerTokens.issuedSince(Instant.parse("2026-12-06T08:00:00Z"), Instant.EPOCH, SKEW));
    }

    @Test
    void aRotationOnTheSecondTakesAJwtOfThatSecond() {
        Instant onTheSecond = Instant.parse("2026-12-06T08:00:00Z");
        assertTrue(BearerTokens.issuedSince(onTheSecond, onTheSecond, NO_SKEW));
    }

    @Test
    void withinTheClockSkewAfterTheRotationAJwtIsNotTrustedToBeNewer() {
        // A provider whose clock runs 29 s ahead stamps a JWT issued a moment before the rotation 08:00:29.
        assertFalse(BearerTokens.issuedSince(Instant.parse("2026-12-06T08:00:29Z"), ROTATED, SKEW));
        assertFalse(BearerTokens.issuedSince(Instant.parse("2026-12-06T08:00:30Z"), ROTATED, SKEW));
        assertTrue(BearerTokens.issuedSince(Instant.parse("2026-12-06T08:00:31Z"), ROTATED, SKEW));
    }

    @Test
    void aProviderOutOfReachIsNoFailedAuthentication() throws Exception {
        BearerTokens tokens = new BearerTokens();
        tokens.origin = new ClientOrigin();
        tokens.adminToken = Optional.empty();
        tokens.failures = new FailedAuthentications();
        tokens.failures.perSecond = 0.001;
        tokens.failures.burst = 1;
        tokens.failures.guessBurst = 1;
        tokens.failures.clock = Clock.systemUTC();
        tokens.failures.makeBuckets();
        // Nothing listens at port 9 of the loopback: the discovery document cannot be fetched.
        tokens.provider = TestProviders.at("http://127.0.0.1:9/realms/mesh", SKEW, Clock.systemUTC(), Runnable::run);
        String jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2ln";

        for (int i = 0; i < 5; i++) {
            ProviderUnavailable away = assertThrows(ProviderUnavailable.class, () -> tokens.callerOf(request(jwt)));
            assertTrue(away.retryAfterSeconds() >= 1);
        }
        assertEquals(Duration.ZERO, tokens.failures.lockedOutFor("192.0.2.7", false), "none counted");
    }

    // A servlet request from 192.0.2.7 with the bearer token: what the door reads of it.
    private static HttpServletRequest request(String token) {
        Map<String, Object> attributes = new HashMap<>();
        return (HttpServletRequest) Proxy.newProxyInstance(
                BearerTokensTest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getHeader" -> "Authorization".equalsIgnoreCase((String) args[0]) ? "Bearer " + token : null;
                    case "getRemoteAddr" -> "192.0.2.7";
                    case "getAttribute" -> attributes.get((String) args[0]);
                    case "setAttribute" -> attributes.put((String) args[0], args[1]);
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }
}
