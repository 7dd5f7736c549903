package agentmesh.web.security.oidc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jose.util.Base64URL;
import com.nimbusds.jose.util.DefaultResourceRetriever;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The checks of a provider's JWT, with keys made here and served on loopback as a provider's JWKS: each way a JWT
 * can be wrong is refused, and a key rotated in at the provider is picked up without a restart.
 */
class JwtVerifierTest {

    private static final String ISSUER = "https://id.example/realms/mesh";
    private static final String AUDIENCE = "agent-mesh";

    private KeyServer provider;
    private RSAKey rsa;
    private ECKey ec;

    @BeforeEach
    void keys() throws Exception {
        rsa = new RSAKeyGenerator(2048).keyID("rsa-1").generate();
        ec = new ECKeyGenerator(Curve.P_256).keyID("ec-1").generate();
        provider = new KeyServer();
        provider.publish(rsa.toPublicJWK(), ec.toPublicJWK());
    }

    @AfterEach
    void stop() {
        provider.close();
    }

    @Test
    void anAgentsJwtSignedByTheProviderNamesTheAgentInItsClaim() throws Exception {
        Instant issued = Instant.now().minusSeconds(5).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        Verdict verdict = verifier().verify(rs256(claims(c -> c.issueTime(Date.from(issued)))));

        assertEquals(new Verdict.Agent("alice-planner", issued), verdict);
    }

    @Test
    void anEs256JwtIsAcceptedToo() throws Exception {
        SignedJWT jwt = new SignedJWT(
                new JWSHeader.Builder(JWSAlgorithm.ES256).keyID("ec-1").build(), claims(c -> c));
        jwt.sign(new ECDSASigner(ec));

        assertInstanceOf(Verdict.Agent.class, verifier().verify(jwt.serialize()));
    }

    @Test
    void anExpiredJwtIsRefused() throws Exception {
        String expired =
                rs256(claims(c -> c.expirationTime(Date.from(Instant.now().minusSeconds(60)))));

        assertRefused(expired, "Expired");
    }

    @Test
    void aJwtNotYetValidIsRefused() throws Exception {
        String early = rs256(claims(c -> c.notBeforeTime(Date.from(Instant.now().plusSeconds(120)))));

        assertRefused(early, "before use time");
    }

    @Test
    void aJwtWithinTheClockSkewIsAccepted() throws Exception {
        String justExpired =
                rs256(claims(c -> c.expirationTime(Date.from(Instant.now().minusSeconds(10)))));

        assertInstanceOf(Verdict.Agent.class, verifier().verify(justExpired));
    }

    @Test
    void aJwtForAnotherAudienceIsRefused() throws Exception {
        assertRefused(rs256(claims(c -> c.audience(List.of("another-service")))), "aud");
    }

    @Test
    void aJwtOfAnotherIssuerIsRefused() throws Exception {
        assertRefused(rs256(claims(c -> c.issuer("https://evil.example/realms/mesh"))), "iss");
    }

    @Test
    void aJwtWithoutExpiryOrIssueTimeIsRefused() throws Exception {
        assertRefused(rs256(claims(c -> c.expirationTime(null))), "exp");
        assertRefused(rs256(claims(c -> c.issueTime(null))), "iat");
    }

    @Test
    void anUnsignedJwtIsRefused() throws Exception {
        String unsigned = new PlainJWT(claims(c -> c)).serialize();

        assertTrue(IdentityProvider.looksLikeJwt(unsigned), "alg none has the shape, so it gets a JWT's refusal");
        assertRefused(unsigned, "Unsecured");
    }

    @Test
    void aTamperedJwtIsRefused() throws Exception {
        String[] parts = rs256(claims(c -> c)).split("\\.");
        String otherAgent =
                Base64URL.encode(claims(c -> c.subject("bob-coder")).toString()).toString();

        assertRefused(parts[0] + "." + otherAgent + "." + parts[2], "signature");
    }

    @Test
    void anHs256JwtKeyedWithThePublicKeyIsRefused() throws Exception {
        SignedJWT jwt = new SignedJWT(
                new JWSHeader.Builder(JWSAlgorithm.HS256).keyID("rsa-1").build(), claims(c -> c));
        jwt.sign(new MACSigner(rsa.toPublicKey().getEncoded()));

        assertRefused(jwt.serialize(), "algorithm");
    }

    @Test
    void aKeyRotatedInAtTheProviderIsPickedUpAndTheDroppedOneRefused() throws Exception {
        JwtVerifier verifier = verifier();
        String before = rs256(claims(c -> c));
        assertInstanceOf(Verdict.Agent.class, verifier.verify(before));
        int fetches = provider.fetches();

        RSAKey rotated = new RSAKeyGenerator(2048).keyID("rsa-2").generate();
        provider.publish(rotated.toPublicJWK());
        SignedJWT after = new SignedJWT(
                new JWSHeader.Builder(JWSAlgorithm.RS256).keyID("rsa-2").build(), claims(c -> c));
        after.sign(new RSASSASigner(rotated));

        assertInstanceOf(Verdict.Agent.class, verifier.verify(after.serialize()));
        assertEquals(fetches + 1, provider.fetches(), "the unknown key id fetched the keys once");
        assertRefused(verifier, before, "no matching key");
    }

    @Test
    void anUnknownKeyIdFetchesTheKeysAtMostOncePerInterval() throws Exception {
        JwtVerifier verifier = verifier(settings(Duration.ofMinutes(1)));
        assertInstanceOf(Verdict.Agent.class, verifier.verify(rs256(claims(c -> c))));
        int fetches = provider.fetches();

        for (int i = 0; i < 5; i++) {
            SignedJWT guess = new SignedJWT(
                    new JWSHeader.Builder(JWSAlgorithm.RS256)
                            .keyID("guess-" + i)
                            .build(),
                    claims(c -> c));
            guess.sign(new RSASSASigner(rsa));
            assertInstanceOf(Verdict.Refused.class, verifier.verify(guess.serialize()));
        }
        assertTrue(provider.fetches() <= fetches + 1, "fetches after the guesses: " + provider.fetches());
    }

    @Test
    void theAdminRoleAtItsClaimPathMakesAnAdmin() throws Exception {
        String admin = rs256(claims(c -> c.claim("realm_access", Map.of("roles", List.of("offline", "mesh-admin")))));
        String agent = rs256(claims(c -> c.claim("realm_access", Map.of("roles", List.of("offline")))));

        assertEquals(new Verdict.Admin(), verifier().verify(admin));
        assertInstanceOf(Verdict.Agent.class, verifier().verify(agent));
    }

    @Test
    void aJwtWhoseClaimNamesNoAgentIsRefused() throws Exception {
        assertRefused(rs256(claims(c -> c.subject(null))), "names no agent");
        assertRefused(rs256(claims(c -> c.subject("no spaces allowed"))), "names no agent");
    }

    @Test
    void keysOutOfReachAreNoRefusalButTheProviderUnavailable() throws Exception {
        JwtVerifier verifier = verifier();
        String token = rs256(claims(c -> c));
        provider.close();

        assertThrows(ProviderUnavailable.class, () -> verifier.verify(token));
    }

    @Test
    void keysAskedForAgainSoonAfterAFailedFetchAreTheProviderUnavailableNotARefusal() throws Exception {
        JwtVerifier verifier = verifier(settings(Duration.ofMinutes(1)));
        String token = rs256(claims(c -> c));
        provider.close();

        // nimbus lets two fetches through per interval; the later ones meet its rate limit, not the provider.
        for (int i = 0; i < 4; i++) {
            ProviderUnavailable away = assertThrows(ProviderUnavailable.class, () -> verifier.verify(token));
            assertEquals(60, away.retryAfterSeconds());
        }
    }

    @Test
    void keysThatAreNoJwkSetAreTheProviderUnavailableAlsoUnderTheRateLimit() throws Exception {
        JwtVerifier verifier = verifier(settings(Duration.ofMinutes(1)));
        String token = rs256(claims(c -> c));
        provider.serveInsteadOfKeys("<html><body>502 Bad Gateway</body></html>");

        for (int i = 0; i < 4; i++) {
            assertThrows(ProviderUnavailable.class, () -> verifier.verify(token));
        }
        assertTrue(provider.fetches() >= 1, "the keys were fetched, and found to be no JWK set");
    }

    @Test
    void anUnknownKeyIdAskedForSoonAfterAGoodFetchIsStillARefusal() throws Exception {
        JwtVerifier verifier = verifier(settings(Duration.ofMinutes(1)));
        assertInstanceOf(Verdict.Agent.class, verifier.verify(rs256(claims(c -> c))));
        SignedJWT unknownKey = new SignedJWT(
                new JWSHeader.Builder(JWSAlgorithm.RS256).keyID("rsa-unknown").build(), claims(c -> c));
        unknownKey.sign(new RSASSASigner(rsa));

        for (int i = 0; i < 2; i++) {
            assertInstanceOf(Verdict.Refused.class, verifier.verify(unknownKey.serialize()));
        }
        assertRefused(verifier, unknownKey.serialize(), "does not publish");
    }

    @Test
    void theAgentClaimMayBeAPathIntoNestedClaims() throws Exception {
        JwtVerifier verifier = verifier(settings(Duration.ZERO, "mesh.agent"));
        String nested = rs256(claims(c -> c.claim("mesh", Map.of("agent", "bob-coder"))));

        assertEquals("bob-coder", ((Verdict.Agent) verifier.verify(nested)).agentId());
        assertRefused(verifier, rs256(claims(c -> c.claim("mesh", Map.of("other", "x")))), "names no agent");
        assertRefused(verifier, rs256(claims(c -> c.claim("mesh", "bob-coder"))), "names no agent");
    }

    @Test
    void aClaimWhoseOwnNameHasDotsIsFoundByThatName() throws Exception {
        JwtVerifier verifier = verifier(settings(Duration.ZERO, "https://example.com/agent.id"));
        String named = rs256(claims(c -> c.claim("https://example.com/agent.id", "carol-tester")));

        assertEquals("carol-tester", ((Verdict.Agent) verifier.verify(named)).agentId());
    }

    @Test
    void theProviderMustBeHttpsExceptOnLoopback() {
        for (String secure : List.of(
                "https://id.example/realms/mesh",
                "http://127.0.0.1:8180/realms/mesh",
                "http://127.1.2.3/realms/mesh",
                "http://localhost:8180/realms/mesh",
                "http://[::1]:8180/realms/mesh")) {
            OidcSettings.requireHttps(URI.create(secure), "mesh.auth.oidc.issuer");
        }
        for (String plain : List.of(
                "http://id.example/realms/mesh",
                "http://127.0.0.1.nip.io/realms/mesh",
                "http://10.0.0.7/realms/mesh",
                "ftp://127.0.0.1/x",
                "id.example/realms/mesh")) {
            IllegalArgumentException refused = assertThrows(
                    IllegalArgumentException.class,
                    () -> OidcSettings.requireHttps(URI.create(plain), "mesh.auth.oidc.issuer"),
                    plain);
            assertTrue(refused.getMessage().contains("mesh.auth.oidc.issuer must be an https URL"), plain);
        }
        assertThrows(
                IllegalArgumentException.class,
                () -> new OidcSettings(
                        URI.create("https://id.example/realms/mesh"),
                        Optional.of(URI.create("http://keys.example/certs")),
                        AUDIENCE,
                        "sub",
                        "roles",
                        Optional.empty(),
                        Duration.ZERO,
                        Set.of(JWSAlgorithm.RS256),
                        Duration.ofMinutes(5),
                        Duration.ZERO),
                "the keys' address too");
    }

    @Test
    void onlyAsymmetricAlgorithmsCanBeConfigured() {
        assertThrows(
                IllegalArgumentException.class,
                () -> new OidcSettings(
                        URI.create(ISSUER),
                        Optional.empty(),
                        AUDIENCE,
                        "sub",
                        "roles",
                        Optional.empty(),
                        Duration.ZERO,
                        Set.of(JWSAlgorithm.HS256),
                        Duration.ofMinutes(5),
                        Duration.ZERO));
    }

    @Test
    void onlyThreeBase64UrlPartsHaveAJwtsShape() {
        assertTrue(IdentityProvider.looksLikeJwt("eyJh.eyJz.c2ln"));
        assertFalse(IdentityProvider.looksLikeJwt("mesh_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG"));
        assertFalse(IdentityProvider.looksLikeJwt("a.b"));
        assertFalse(IdentityProvider.looksLikeJwt("a.b.c.d"));
        assertFalse(IdentityProvider.looksLikeJwt("a b.c.d"));
    }

    private void assertRefused(String token, String reason) throws Exception {
        assertRefused(verifier(), token, reason);
    }

    private static void assertRefused(JwtVerifier verifier, String token, String reason) {
        Verdict verdict = verifier.verify(token);
        Verdict.Refused refused = assertInstanceOf(Verdict.Refused.class, verdict);
        assertTrue(refused.reason().contains(reason), refused.reason());
    }

    private JwtVerifier verifier() throws Exception {
        return verifier(settings(Duration.ZERO));
    }

    private JwtVerifier verifier(OidcSettings settings) throws Exception {
        KeyFetches fetches = new KeyFetches(new DefaultResourceRetriever(2000, 2000, 65536));
        return new JwtVerifier(settings, IdentityProvider.keySource(settings, provider.keys(), fetches), fetches);
    }

    private static OidcSettings settings(Duration minRefresh) {
        return settings(minRefresh, "sub");
    }

    private static OidcSettings settings(Duration minRefresh, String agentClaim) {
        return new OidcSettings(
                URI.create(ISSUER),
                Optional.empty(),
                AUDIENCE,
                agentClaim,
                "realm_access.roles",
                Optional.of("mesh-admin"),
                Duration.ofSeconds(30),
                Set.of(JWSAlgorithm.RS256, JWSAlgorithm.ES256),
                Duration.ofMinutes(5),
                minRefresh);
    }

    private static JWTClaimsSet claims(UnaryOperator<JWTClaimsSet.Builder> change) {
        Instant now = Instant.now();
        return change.apply(new JWTClaimsSet.Builder()
                        .issuer(ISSUER)
                        .audience(List.of(AUDIENCE, "account"))
                        .subject("alice-planner")
                        .issueTime(Date.from(now))
                        .expirationTime(Date.from(now.plusSeconds(300))))
                .build();
    }

    private String rs256(JWTClaimsSet claims) throws JOSEException {
        SignedJWT jwt = new SignedJWT(
                new JWSHeader.Builder(JWSAlgorithm.RS256)
                        .keyID("rsa-1")
                        .type(JOSEObjectType.JWT)
                        .build(),
                claims);
        jwt.sign(new RSASSASigner(rsa));
        return jwt.serialize();
    }
}
