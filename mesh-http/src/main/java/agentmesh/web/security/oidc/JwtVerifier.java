package agentmesh.web.security.oidc;

import agentmesh.web.Ids;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.RateLimitReachedException;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.DefaultJOSEObjectTypeVerifier;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import java.text.ParseException;
import java.util.Collection;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Checks a JWT against the provider's keys and the mesh's settings: a signature by one of the provider's keys with
 * an allowed asymmetric algorithm (an unsigned {@code alg: none} JWT, an HMAC one, a tampered one or one signed by a
 * key the provider no longer publishes is refused), {@code iss} exactly the issuer, {@code aud} containing the
 * audience, {@code exp} and {@code iat} present, {@code exp} and {@code nbf} within the clock skew. Then who it is:
 * an admin when its roles claim holds the admin role, else the agent its agent claim names. Whether that agent is
 * registered, and its token not rotated since, is the caller's question ({@code BearerTokens}).
 */
public final class JwtVerifier {

    private static final Pattern AGENT_ID = Pattern.compile(Ids.AGENT_ID);

    private final OidcSettings settings;
    private final KeyFetches fetches;
    private final DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();

    public JwtVerifier(OidcSettings settings, JWKSource<SecurityContext> keys, KeyFetches fetches) {
        this.settings = settings;
        this.fetches = fetches;
        // RFC 9068's access-token type, plain JWT, or none: what providers put in the header.
        processor.setJWSTypeVerifier(
                new DefaultJOSEObjectTypeVerifier<>(JOSEObjectType.JWT, new JOSEObjectType("at+jwt"), null));
        processor.setJWSKeySelector(new JWSVerificationKeySelector<>(settings.algorithms(), keys));
        DefaultJWTClaimsVerifier<SecurityContext> claims = new DefaultJWTClaimsVerifier<>(
                settings.audience(),
                new JWTClaimsSet.Builder().issuer(settings.issuer().toString()).build(),
                Set.of("exp", "iat"));
        claims.setMaxClockSkew((int) settings.clockSkew().toSeconds());
        processor.setJWTClaimsSetVerifier(claims);
    }

    /**
     * What the JWT says of its bearer.
     *
     * @throws ProviderUnavailable when the provider's keys could not be fetched
     */
    public Verdict verify(String token) {
        JWTClaimsSet claims;
        try {
            claims = processor.process(token, null);
        } catch (ParseException e) {
            return new Verdict.Refused("not a JWT: " + e.getMessage());
        } catch (RateLimitReachedException e) {
            // The keys were asked for again sooner than mesh.auth.oidc.jwks-min-refresh-seconds: a key id the keys
            // fetched last do not hold (a refusal) — unless that fetch failed, when the provider is away and the
            // token can be neither accepted nor refused.
            if (fetches.lastFailed()) {
                throw unavailable(e);
            }
            return new Verdict.Refused(
                    "signed by a key the provider does not publish (its keys were fetched recently)");
        } catch (KeySourceException e) {
            throw unavailable(e);
        } catch (BadJOSEException | JOSEException e) {
            return new Verdict.Refused(e.getMessage());
        }
        if (settings.adminRole().isPresent()
                && roles(claims).contains(settings.adminRole().get())) {
            return new Verdict.Admin();
        }
        Object agent = ClaimPath.at(claims.getClaims(), settings.agentClaim());
        if (!(agent instanceof String agentId) || !AGENT_ID.matcher(agentId).matches()) {
            return new Verdict.Refused("claim " + settings.agentClaim() + " names no agent");
        }
        return new Verdict.Agent(agentId, claims.getIssueTime().toInstant());
    }

    private ProviderUnavailable unavailable(KeySourceException e) {
        return new ProviderUnavailable(
                "the provider's keys could not be fetched: " + e.getMessage(), e, settings.jwksMinRefresh());
    }

    // The roles at the claim's path ("realm_access.roles"): a list or a single string.
    private Collection<?> roles(JWTClaimsSet claims) {
        Object node = ClaimPath.at(claims.getClaims(), settings.rolesClaim());
        if (node instanceof Collection<?> list) {
            return list;
        }
        return node instanceof String single ? Set.of(single) : Set.of();
    }
}
