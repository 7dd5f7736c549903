package agentmesh.web.security.oidc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Date;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The provider's discovery runs in the background, one at a time, and never holds the JWTs that come meanwhile:
 * they are told at once that the provider is unavailable (503), as they are for a while after a discovery failed.
 */
class IdentityProviderTest {

    private KeyServer server;
    private RSAKey rsa;
    private final Queue<Runnable> held = new ConcurrentLinkedQueue<>();
    private final Executor holding = held::add;

    @BeforeEach
    void provider() throws Exception {
        rsa = new RSAKeyGenerator(2048).keyID("rsa-1").generate();
        server = new KeyServer();
        server.publish(rsa.toPublicJWK());
        server.discoveryNames(server.base().toString());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void jwtsThatComeWhileTheDiscoveryRunsAreAnsweredAtOnce() throws Exception {
        IdentityProvider provider =
                TestProviders.at(server.base().toString(), Duration.ofSeconds(30), Clock.systemUTC(), holding);
        String token = rs256(server.base().toString());

        long started = System.nanoTime();
        assertThrows(ProviderUnavailable.class, () -> provider.verify(token), "the one that started it waits");
        assertTrue(Duration.ofNanos(System.nanoTime() - started).compareTo(IdentityProvider.DISCOVERY_WAIT) >= 0);
        assertEquals(1, held.size(), "one discovery started");

        for (int i = 0; i < 20; i++) {
            long asked = System.nanoTime();
            ProviderUnavailable meanwhile = assertThrows(ProviderUnavailable.class, () -> provider.verify(token));
            assertTrue(
                    Duration.ofNanos(System.nanoTime() - asked).toMillis() < 200,
                    "answered without waiting for the discovery");
            assertEquals(1, meanwhile.retryAfterSeconds());
        }
        assertEquals(1, held.size(), "no second discovery while one runs");

        held.remove().run();
        assertInstanceOf(Verdict.Agent.class, provider.verify(token));
    }

    @Test
    void aFailedDiscoveryIsTriedAgainOnlyAfterItsRetryTime() throws Exception {
        String issuer = server.base().toString();
        server.discoveryNames("https://another.example/realms/mesh"); // a document for another issuer: a failure
        MovingClock clock = new MovingClock();
        IdentityProvider provider = TestProviders.at(issuer, Duration.ofSeconds(30), clock, Runnable::run);
        String token = rs256(issuer);

        assertThrows(ProviderUnavailable.class, () -> provider.verify(token));
        clock.advance(Duration.ofSeconds(2));
        server.discoveryNames(issuer);
        ProviderUnavailable soon = assertThrows(ProviderUnavailable.class, () -> provider.verify(token));
        assertEquals(3, soon.retryAfterSeconds(), "the rest of the 5 s");

        clock.advance(IdentityProvider.RETRY_DISCOVERY);
        assertInstanceOf(Verdict.Agent.class, provider.verify(token));
    }

    @Test
    void aDiscoveryDocumentNamingPlainHttpKeysOffTheLoopbackIsRefused() throws Exception {
        server.discoveryNamesKeysAt(URI.create("http://keys.example/certs"));
        IdentityProvider provider =
                TestProviders.at(server.base().toString(), Duration.ofSeconds(30), Clock.systemUTC(), Runnable::run);
        String token = rs256(server.base().toString());

        ProviderUnavailable refused = assertThrows(ProviderUnavailable.class, () -> provider.verify(token));
        assertTrue(refused.getMessage().contains("jwks_uri must be an https URL"), refused.getMessage());
    }

    @Test
    void aPlainHttpIssuerOffTheLoopbackIsASetUpMistakeAndEveryJwtIsRefused() throws Exception {
        IdentityProvider provider =
                TestProviders.at("http://id.example/realms/mesh", Duration.ofSeconds(30), Clock.systemUTC(), holding);

        Verdict.Refused refused =
                assertInstanceOf(Verdict.Refused.class, provider.verify(rs256("http://id.example/realms/mesh")));
        assertTrue(refused.reason().contains("mesh.auth.oidc.issuer must be an https URL"), refused.reason());
        assertTrue(held.isEmpty(), "no discovery of a provider that cannot be trusted");
    }

    private String rs256(String issuer) throws Exception {
        Instant now = Instant.now();
        SignedJWT jwt = new SignedJWT(
                new JWSHeader.Builder(JWSAlgorithm.RS256).keyID("rsa-1").build(),
                new JWTClaimsSet.Builder()
                        .issuer(issuer)
                        .audience(List.of("agent-mesh"))
                        .subject("alice-planner")
                        .issueTime(Date.from(now))
                        .expirationTime(Date.from(now.plusSeconds(300)))
                        .build());
        jwt.sign(new RSASSASigner(rsa));
        return jwt.serialize();
    }

    /** The system's time, moved on by hand. */
    private static final class MovingClock extends Clock {
        private volatile Duration ahead = Duration.ZERO;

        void advance(Duration by) {
            ahead = ahead.plus(by);
        }

        @Override
        public Instant instant() {
            return Instant.now().plus(ahead);
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }
}
