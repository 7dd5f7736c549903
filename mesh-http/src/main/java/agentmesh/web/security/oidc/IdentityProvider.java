package agentmesh.web.security.oidc;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.DefaultResourceRetriever;
import com.nimbusds.jose.util.JSONObjectUtils;
import com.nimbusds.jose.util.ResourceRetriever;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The OIDC provider whose JWTs the door accepts beside the mesh's own tokens, when {@code mesh.auth.oidc.issuer} is
 * set. Its keys are found through the issuer's discovery document unless {@code mesh.auth.oidc.jwks-url} names them:
 * in the background, never on a request's thread — started at start-up, so the mesh starts whether or not the
 * provider is up, and again at a JWT once {@link #RETRY_DISCOVERY} has passed after a failure. One discovery runs at a
 * time; the JWT that started it waits at most {@link #DISCOVERY_WAIT} for it, and every JWT that comes while the
 * provider is unknown gets {@link ProviderUnavailable} (503) at once instead of a worker thread held on a lock. The
 * keys are cached ({@code mesh.auth.oidc.jwks-cache-seconds}) and fetched again for a key id they do not hold, at most
 * once in {@code mesh.auth.oidc.jwks-min-refresh-seconds}: a key the provider rotated in is picked up without a
 * restart, one it dropped stops working once the keys are fetched again. Settings that cannot work (no audience, a
 * symmetric algorithm, a provider over plain http off the loopback) are said once at start, and every JWT is refused
 * until they are mended.
 */
@ApplicationScoped
public class IdentityProvider {

    static final Duration RETRY_DISCOVERY = Duration.ofSeconds(5);
    static final Duration DISCOVERY_WAIT = Duration.ofSeconds(1);
    private static final int CONNECT_MILLIS = 3_000;
    private static final int READ_MILLIS = 3_000;
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

    /** Where discoveries run: the server's default managed executor (Jakarta Concurrency's, on every server). */
    @Resource(lookup = "java:comp/DefaultManagedExecutorService")
    Executor background;

    private Optional<OidcSettings> settings = Optional.empty();
    private String misconfigured;
    private volatile JwtVerifier verifier;
    private volatile Instant nextDiscovery = Instant.MIN;
    private final AtomicReference<CompletableFuture<JwtVerifier>> discovery = new AtomicReference<>();

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
        } else if (settings.isPresent()) {
            startDiscovery(clock.instant());
        }
    }

    /**
     * How far the provider's clock may be from the mesh's: the allowance for {@code exp} and {@code nbf}, and the
     * margin after an agent's token rotation in which a JWT's {@code iat} does not show it was issued after it.
     */
    public Duration clockSkew() {
        return Duration.ofSeconds(clockSkewSeconds);
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
        if (ready != null) {
            return ready;
        }
        Instant now = clock.instant();
        CompletableFuture<JwtVerifier> pending = discovery.get();
        if (pending != null) {
            throw new ProviderUnavailable("the provider's discovery is under way", null, Duration.ofSeconds(1));
        }
        if (now.isBefore(nextDiscovery)) {
            throw new ProviderUnavailable(
                    "the provider's discovery failed a moment ago", null, Duration.between(now, nextDiscovery));
        }
        pending = startDiscovery(now);
        try {
            return pending.get(DISCOVERY_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProviderUnavailable("interrupted while the provider's discovery ran", e, RETRY_DISCOVERY);
        } catch (TimeoutException e) {
            throw new ProviderUnavailable("the provider's discovery is under way", e, Duration.ofSeconds(1));
        } catch (ExecutionException e) {
            throw e.getCause() instanceof ProviderUnavailable unavailable
                    ? unavailable
                    : new ProviderUnavailable("the provider's discovery failed: " + e.getCause(), e, RETRY_DISCOVERY);
        }
    }

    // The one discovery at a time: whoever finds none running starts it; the others are told it is under way.
    private CompletableFuture<JwtVerifier> startDiscovery(Instant now) {
        CompletableFuture<JwtVerifier> started = new CompletableFuture<>();
        if (!discovery.compareAndSet(null, started)) {
            CompletableFuture<JwtVerifier> running = discovery.get();
            if (running != null) {
                return running;
            }
            JwtVerifier ready = verifier; // the other one ended just after the look
            return ready != null
                    ? CompletableFuture.completedFuture(ready)
                    : CompletableFuture.failedFuture(new ProviderUnavailable(
                            "the provider's discovery failed a moment ago", null, RETRY_DISCOVERY));
        }
        try {
            background.execute(() -> discover(started, now));
        } catch (RuntimeException e) { // the executor refused (the server is stopping)
            discovery.set(null);
            started.completeExceptionally(e);
        }
        return started;
    }

    private void discover(CompletableFuture<JwtVerifier> result, Instant startedAt) {
        OidcSettings found = settings.orElseThrow();
        ResourceRetriever retriever = new DefaultResourceRetriever(CONNECT_MILLIS, READ_MILLIS, MAX_DOCUMENT_BYTES);
        try {
            URI keys = found.jwksUrl().isPresent() ? found.jwksUrl().get() : jwksUri(found, retriever);
            KeyFetches fetches = new KeyFetches(retriever);
            JwtVerifier ready = new JwtVerifier(found, keySource(found, keys, fetches), fetches);
            verifier = ready;
            discovery.set(null);
            LOG.info("mesh.auth.oidc: JWTs of " + found.issuer() + " for " + found.audience() + ", keys at " + keys
                    + "; nimbus-jose-jwt from "
                    + JWSObject.class.getProtectionDomain().getCodeSource());
            result.complete(ready);
        } catch (IOException | ParseException | RuntimeException e) {
            nextDiscovery = startedAt.plus(RETRY_DISCOVERY);
            discovery.set(null);
            LOG.warning("mesh.auth.oidc: the discovery document " + found.discoveryDocument()
                    + " could not be read (JWTs get 503 until it can): " + e);
            result.completeExceptionally(new ProviderUnavailable(
                    "the discovery document " + found.discoveryDocument() + " could not be read: " + e,
                    e,
                    RETRY_DISCOVERY));
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
        URI keys = JSONObjectUtils.getURI(document, "jwks_uri");
        try {
            OidcSettings.requireHttps(keys, "the discovery document's jwks_uri");
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
        return keys;
    }

    static JWKSource<SecurityContext> keySource(OidcSettings settings, URI keys, KeyFetches retriever)
            throws IOException {
        return JWKSourceBuilder.<SecurityContext>create(keys.toURL(), retriever)
                .cache(settings.jwksCacheTtl().toMillis(), READ_MILLIS + CONNECT_MILLIS)
                .rateLimited(settings.jwksMinRefresh().toMillis())
                .refreshAheadCache(false)
                .retrying(false)
                .build();
    }
}
