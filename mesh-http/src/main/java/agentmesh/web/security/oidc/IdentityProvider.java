package agentmesh.web.security.oidc;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.DefaultResourceRetriever;
import com.nimbusds.jose.util.JSONObjectUtils;
import com.nimbusds.jose.util.ResourceRetriever;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URI;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The OIDC provider whose JWTs the door accepts beside the mesh's own tokens, when {@code mesh.auth.oidc.issuer} is
 * set. Its keys are found lazily, at the first JWT — so the mesh starts whether or not the provider is up — through
 * the issuer's discovery document unless {@code mesh.auth.oidc.jwks-url} names them; they are cached
 * ({@code mesh.auth.oidc.jwks-cache-seconds}) and fetched again for a key id they do not hold, at most once in
 * {@code mesh.auth.oidc.jwks-min-refresh-seconds}: a key the provider rotated in is picked up without a restart, one
 * it dropped stops working once the keys are fetched again. A discovery that failed is not tried again for
 * {@link #RETRY_DISCOVERY}. Settings that cannot work (no audience, a symmetric algorithm) are said once at start,
 * and every JWT is refused until they are mended.
 */
@ApplicationScoped
public class IdentityProvider {

    static final Duration RETRY_DISCOVERY = Duration.ofSeconds(5);
    private static final int CONNECT_MILLIS = 5_000;
    private static final int READ_MILLIS = 5_000;
    private static final int MAX_DOCUMENT_BYTES = 256 * 1024;
    private static final Pattern JWT_SHAPE = Pattern.compile("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*");
    private static final Logger LOG = Logger.getLogger(IdentityProvider.class.getName());

    @Inject
    @ConfigProperty(name = "mesh.auth.oidc.issuer")
    Optional<String> issuer;

    @Inject
    @ConfigProperty(name = "mesh.auth.oidc.jwks-url")
    Optional<String> jwksUrl;

    @Inject
    @ConfigProperty(name = "mesh.auth.oidc.audience")
    Optional<String> audience;

    @Inject
    @ConfigProperty(name = "mesh.auth.oidc.agent-claim", defaultValue = "sub")
    String agentClaim;

    @Inject
    @ConfigProperty(name = "mesh.auth.oidc.roles-claim", defaultValue = "roles")
    String rolesClaim;

    @Inject
    @ConfigProperty(name = "mesh.auth.oidc.admin-role")
    Optional<String> adminRole;

    @Inject
    @ConfigProperty(name = "mesh.auth.oidc.clock-skew-seconds", defaultValue = "30")
    long clockSkewSeconds;

    @Inject
    @ConfigProperty(name = "mesh.auth.oidc.algorithms", defaultValue = "RS256,ES256")
    String algorithms;

    @Inject
    @ConfigProperty(name = "mesh.auth.oidc.jwks-cache-seconds", defaultValue = "300")
    long jwksCacheSeconds;

    @Inject
    @ConfigProperty(name = "mesh.auth.oidc.jwks-min-refresh-seconds", defaultValue = "30")
    long jwksMinRefreshSeconds;

    @Inject
    Clock clock;

    private Optional<OidcSettings> settings = Optional.empty();
    private String misconfigured;
    private volatile JwtVerifier verifier;
    private Instant nextDiscovery = Instant.MIN;

    @PostConstruct
    void readSettings() {
        if (issuer.isEmpty()) {
            return;
        }
        try {
            settings = Optional.of(new OidcSettings(
                    URI.create(issuer.get()),
                    jwksUrl.map(URI::create),
                    audience.orElse(""),
                    agentClaim,
                    rolesClaim,
                    adminRole,
                    Duration.ofSeconds(clockSkewSeconds),
                    Arrays.stream(algorithms.split(","))
                            .map(String::trim)
                            .map(JWSAlgorithm::parse)
                            .collect(Collectors.toUnmodifiableSet()),
                    Duration.ofSeconds(jwksCacheSeconds),
                    Duration.ofSeconds(jwksMinRefreshSeconds)));
        } catch (IllegalArgumentException e) {
            misconfigured = e.getMessage();
        }
    }

    /** Said once at start: settings that cannot work are a set-up mistake, not a silent 401 per request. */
    void atStartup(@Observes Startup startup) {
        if (misconfigured != null) {
            LOG.severe("mesh.auth.oidc: " + misconfigured + "; every JWT is refused until this is mended");
        }
    }

    /** Whether JWTs are accepted at all (an issuer is configured). */
    public boolean configured() {
        return issuer.isPresent();
    }

    /** Whether the token has a JWS's shape (three base64url parts; the last empty for {@code alg: none}). */
    public static boolean looksLikeJwt(String token) {
        return JWT_SHAPE.matcher(token).matches();
    }

    /**
     * What the JWT says of its bearer.
     *
     * @throws ProviderUnavailable when the provider's discovery document or keys could not be fetched
     */
    public Verdict verify(String token) {
        if (settings.isEmpty()) {
            return new Verdict.Refused(misconfigured == null ? "no OIDC provider is configured" : misconfigured);
        }
        return verifier().verify(token);
    }

    /** The provider's discovery document, if its JWTs are accepted: what the A2A cards advertise. */
    public Optional<String> discoveryDocument() {
        return settings.map(found -> found.discoveryDocument().toString());
    }

    private JwtVerifier verifier() {
        JwtVerifier ready = verifier;
        return ready != null ? ready : discover();
    }

    private synchronized JwtVerifier discover() {
        if (verifier != null) {
            return verifier;
        }
        Instant now = clock.instant();
        if (now.isBefore(nextDiscovery)) {
            throw new ProviderUnavailable("the provider's discovery failed a moment ago", null);
        }
        OidcSettings found = settings.orElseThrow();
        ResourceRetriever retriever = new DefaultResourceRetriever(CONNECT_MILLIS, READ_MILLIS, MAX_DOCUMENT_BYTES);
        try {
            URI keys = found.jwksUrl().isPresent() ? found.jwksUrl().get() : jwksUri(found, retriever);
            verifier = new JwtVerifier(found, keySource(found, keys, retriever));
            LOG.info("mesh.auth.oidc: JWTs of " + found.issuer() + " for " + found.audience() + ", keys at " + keys);
            return verifier;
        } catch (IOException | ParseException | RuntimeException e) {
            nextDiscovery = now.plus(RETRY_DISCOVERY);
            throw new ProviderUnavailable(
                    "the discovery document " + found.discoveryDocument() + " could not be read: " + e, e);
        }
    }

    // OpenID Connect Discovery 1.0, 4.3: the document's issuer must be the one it was fetched for.
    private static URI jwksUri(OidcSettings settings, ResourceRetriever retriever) throws IOException, ParseException {
        Map<String, Object> document = JSONObjectUtils.parse(
                retriever.retrieveResource(settings.discoveryDocument().toURL()).getContent());
        String issued = JSONObjectUtils.getString(document, "issuer");
        if (!settings.issuer().toString().equals(issued)) {
            throw new IOException("the document names the issuer " + issued + ", not " + settings.issuer());
        }
        return JSONObjectUtils.getURI(document, "jwks_uri");
    }

    static JWKSource<SecurityContext> keySource(OidcSettings settings, URI keys, ResourceRetriever retriever)
            throws IOException {
        return JWKSourceBuilder.<SecurityContext>create(keys.toURL(), retriever)
                .cache(settings.jwksCacheTtl().toMillis(), READ_MILLIS + CONNECT_MILLIS)
                .rateLimited(settings.jwksMinRefresh().toMillis())
                .refreshAheadCache(false)
                .retrying(false)
                .build();
    }
}
