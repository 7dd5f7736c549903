package agentmesh.web.security.oidc;

import com.nimbusds.jose.JWSAlgorithm;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * How the mesh trusts an OIDC provider's JWTs ({@code mesh.auth.oidc.*}, docs/CONFIGURATION.md).
 *
 * @param issuer the provider's issuer: the JWT's {@code iss} must be exactly this
 * @param jwksUrl where its signing keys are; absent: the {@code jwks_uri} of the issuer's discovery document
 * @param audience what the JWT's {@code aud} must contain: this mesh's name at the provider
 * @param agentClaim the claim that names the agent (a registered agent's id)
 * @param rolesClaim the path (dots between names) of the claim that lists the caller's roles
 * @param adminRole the role that makes a JWT an admin's; absent: no JWT is an admin's
 * @param clockSkew how far the provider's clock may be from the mesh's for {@code exp} and {@code nbf}
 * @param algorithms the signature algorithms accepted: asymmetric ones only
 * @param jwksCacheTtl how long fetched keys are used before they are fetched again
 * @param jwksMinRefresh the least time between two fetches of the keys (a JWT with an unknown key id asks for one)
 */
public record OidcSettings(
        URI issuer,
        Optional<URI> jwksUrl,
        String audience,
        String agentClaim,
        String rolesClaim,
        Optional<String> adminRole,
        Duration clockSkew,
        Set<JWSAlgorithm> algorithms,
        Duration jwksCacheTtl,
        Duration jwksMinRefresh) {

    /**
     * The algorithms a provider's keys sign with; HMAC ({@code HS*}) and {@code none} are never among them. Not EdDSA:
     * nimbus verifies it through Google Tink, which the mesh does not ship.
     */
    public static final Set<JWSAlgorithm> ASYMMETRIC = Set.of(
            JWSAlgorithm.RS256,
            JWSAlgorithm.RS384,
            JWSAlgorithm.RS512,
            JWSAlgorithm.PS256,
            JWSAlgorithm.PS384,
            JWSAlgorithm.PS512,
            JWSAlgorithm.ES256,
            JWSAlgorithm.ES384,
            JWSAlgorithm.ES512);

    public OidcSettings {
        if (algorithms.isEmpty() || !ASYMMETRIC.containsAll(algorithms)) {
            throw new IllegalArgumentException("mesh.auth.oidc.algorithms takes only asymmetric algorithms of "
                    + ASYMMETRIC + ", not " + algorithms);
        }
        if (jwksMinRefresh.compareTo(jwksCacheTtl) >= 0) {
            throw new IllegalArgumentException(
                    "mesh.auth.oidc.jwks-min-refresh-seconds must be less than" + " mesh.auth.oidc.jwks-cache-seconds");
        }
        if (audience.isBlank()) {
            throw new IllegalArgumentException("mesh.auth.oidc.audience must be set with mesh.auth.oidc.issuer");
        }
    }

    /** The issuer's OIDC discovery document (OpenID Connect Discovery 1.0, section 4). */
    public URI discoveryDocument() {
        String base = issuer.toString();
        return URI.create((base.endsWith("/") ? base : base + "/") + ".well-known/openid-configuration");
    }
}
