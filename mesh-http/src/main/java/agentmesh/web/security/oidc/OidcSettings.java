package agentmesh.web.security.oidc;

import com.nimbusds.jose.JWSAlgorithm;
import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How the mesh trusts an OIDC provider's JWTs ({@code mesh.auth.oidc.*}, docs/CONFIGURATION.md).
 *
 * @param issuer the provider's issuer: the JWT's {@code iss} must be exactly this
 * @param jwksUrl where its signing keys are; absent: the {@code jwks_uri} of the issuer's discovery document
 * @param audience what the JWT's {@code aud} must contain: this mesh's name at the provider
 * @param agentClaim the claim that names the agent (a registered agent's id): a name or a path ({@link ClaimPath})
 * @param rolesClaim the claim that lists the caller's roles: a name or a path ({@link ClaimPath})
 * @param adminRole the role that makes a JWT an admin's; absent: no JWT is an admin's
 * @param clockSkew how far the provider's clock may be from the mesh's: for {@code exp} and {@code nbf}, and the
 *     margin after an agent's token rotation in which its JWTs' {@code iat} is not trusted
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
    private static final Pattern LOOPBACK_V4 = Pattern.compile("127(\\.(25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])){3}");

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
        requireHttps(issuer, "mesh.auth.oidc.issuer");
        jwksUrl.ifPresent(keys -> requireHttps(keys, "mesh.auth.oidc.jwks-url"));
        if (audience.isBlank()) {
            throw new IllegalArgumentException("mesh.auth.oidc.audience must be set with mesh.auth.oidc.issuer");
        }
    }

    /**
     * The provider's addresses must be https: over plain http anyone on the way could hand the mesh keys of their own
     * and so sign in as any agent. Only a provider on the mesh's own host (a loopback address: {@code localhost},
     * {@code 127.0.0.0/8}, {@code ::1}) may be reached over http, as in development and tests.
     *
     * @throws IllegalArgumentException naming the setting, when the address is neither
     */
    static void requireHttps(URI address, String setting) {
        String scheme = address.getScheme() == null ? "" : address.getScheme().toLowerCase(Locale.ROOT);
        if (address.getHost() == null || !(scheme.equals("https") || (scheme.equals("http") && isLoopback(address)))) {
            throw new IllegalArgumentException(setting + " must be an https URL (http only on a loopback address:"
                    + " localhost, 127.0.0.0/8, [::1]), not " + address);
        }
    }

    // By the name alone: no lookup, so a DNS answer cannot make a remote host loopback.
    private static boolean isLoopback(URI address) {
        String host = address.getHost().toLowerCase(Locale.ROOT);
        return host.equals("localhost")
                || host.equals("[::1]")
                || LOOPBACK_V4.matcher(host).matches();
    }

    /** The issuer's OIDC discovery document (OpenID Connect Discovery 1.0, section 4). */
    public URI discoveryDocument() {
        String base = issuer.toString();
        return URI.create((base.endsWith("/") ? base : base + "/") + ".well-known/openid-configuration");
    }
}
