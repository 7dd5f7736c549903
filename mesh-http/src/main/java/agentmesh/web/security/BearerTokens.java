package agentmesh.web.security;

import agentmesh.agent.control.AgentTokens;
import agentmesh.agent.control.Tokens;
import agentmesh.web.origin.ClientOrigin;
import agentmesh.web.security.oidc.IdentityProvider;
import agentmesh.web.security.oidc.Verdict;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.container.ContainerRequestContext;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Who an {@code Authorization: Bearer …} header belongs to: the admin (the token from configuration) or an agent
 * (its token, through the agents' token cache) — or, when an OIDC provider is configured, whoever a JWT of that
 * provider names ({@link IdentityProvider}): the admin by its role, an agent by its claim, if registered, not disabled
 * and not rotated since the JWT was issued (by the clock skew's margin). Found once per request, at the door, and kept with the request. A
 * string that cannot be an agent's token is refused without a hash or a database lookup, and an address that keeps
 * presenting tokens that are no one's — agents' or the admin's — is refused (429) for a while
 * ({@link FailedAuthentications}), except for the agent tokens the server has in its cache. The address is the
 * client's, found behind trusted proxies ({@link ClientOrigin}), and only once a token needs a look.
 */
@ApplicationScoped
public class BearerTokens {

    private static final String PREFIX = "Bearer ";
    private static final String ATTRIBUTE = Caller.class.getName();
    // A provider's JWT with its claims runs to a few kilobytes (Keycloak's: 1–2 KB); the mesh's tokens are 48 chars.
    private static final int MAX_TOKEN_LENGTH = 8192;
    static final int MIN_ADMIN_TOKEN_LENGTH = 16;
    private static final Logger LOG = Logger.getLogger(BearerTokens.class.getName());

    @Inject
    AgentTokens agents;

    @Inject
    FailedAuthentications failures;

    @Inject
    ClientOrigin origin;

    @Inject
    IdentityProvider provider;

    @Inject
    @ConfigProperty(name = "mesh.admin.token")
    Optional<String> adminToken;

    /**
     * The caller the door already found for this request, read from the JAX-RS request's properties (the servlet
     * request's attributes): cheaper than the injected servlet request, whose every call is a proxy's lookup.
     */
    public static Optional<Caller> foundBefore(ContainerRequestContext request) {
        return request.getProperty(ATTRIBUTE) instanceof Caller caller ? Optional.of(caller) : Optional.empty();
    }

    /**
     * The caller of the request, found at the door (or now, if the request did not pass it).
     *
     * @throws TooManyFailedAuthentications when the token would need a lookup and its address is locked out
     */
    public Optional<Caller> callerOf(HttpServletRequest request) {
        Object found = request.getAttribute(ATTRIBUTE);
        if (found instanceof Caller caller) {
            return Optional.of(caller);
        }
        Optional<Caller> caller =
                token(request.getHeader("Authorization")).flatMap(token -> callerWith(token, request));
        caller.ifPresent(c -> request.setAttribute(ATTRIBUTE, c));
        return caller;
    }

    // Every token that is not a cached agent's passes the address's lockout for its kind first, the admin token too:
    // a guess at the admin token costs no lookup, but unthrottled it could be tried thousands of times a second.
    private Optional<Caller> callerWith(String token, HttpServletRequest request) {
        if (provider.configured() && IdentityProvider.looksLikeJwt(token)) {
            return jwtCaller(token, request);
        }
        String hash = Tokens.isWellFormed(token) ? Tokens.hash(token) : null; // null: no agent's, not hashed
        Optional<String> cached = hash == null ? Optional.empty() : agents.cachedHolder(hash);
        if (cached.isPresent()) {
            return Optional.of(Caller.agent(cached.get(), hash));
        }
        String address = origin.address(request);
        Duration lockedOut = failures.lockedOutFor(address, hash != null);
        if (!lockedOut.isZero()) {
            throw new TooManyFailedAuthentications(address, lockedOut);
        }
        if (isAdminToken(token)) {
            return Optional.of(Caller.adminCaller());
        }
        Optional<String> agent = hash == null ? Optional.empty() : agents.agentHolding(hash);
        if (agent.isEmpty()) {
            failures.failed(address, hash != null);
        }
        return agent.map(agentId -> Caller.agent(agentId, hash));
    }

    // A JWT is checked (its signature: microseconds, no lookup) after the address's lockout for guesses; an agent's
    // is then good only for a registered agent that is not disabled, and only if issued after the agent's last token
    // rotation. A provider out of reach (ProviderUnavailable, 503) is no failed authentication: it is not counted.
    private Optional<Caller> jwtCaller(String token, HttpServletRequest request) {
        String address = origin.address(request);
        Duration lockedOut = failures.lockedOutFor(address, false);
        if (!lockedOut.isZero()) {
            throw new TooManyFailedAuthentications(address, lockedOut);
        }
        Verdict verdict = provider.verify(token);
        Optional<Caller> caller = Optional.empty();
        if (verdict instanceof Verdict.Admin) {
            caller = Optional.of(Caller.adminCaller());
        } else if (verdict instanceof Verdict.Agent agent) {
            caller = agentOf(agent, token);
        } else if (verdict instanceof Verdict.Refused refused) {
            LOG.fine(() -> "JWT refused: " + refused.reason());
        }
        if (caller.isEmpty()) {
            failures.failed(address, false);
        }
        return caller;
    }

    private Optional<Caller> agentOf(Verdict.Agent agent, String token) {
        Optional<Instant> validSince = agents.tokensValidSince(agent.agentId());
        if (validSince.isEmpty()) {
            LOG.fine(() -> "JWT refused: " + agent.agentId() + " is no registered agent, or disabled");
            return Optional.empty();
        }
        if (!issuedSince(agent.issuedAt(), validSince.get(), provider.clockSkew())) {
            LOG.fine(() -> "JWT refused: issued before " + agent.agentId() + "'s token rotation (or within the"
                    + " clock skew after it)");
            return Optional.empty();
        }
        return Optional.of(Caller.agent(agent.agentId(), Tokens.hash(token)));
    }

    /**
     * Whether a JWT issued at {@code issuedAt} (its {@code iat}, whole seconds, by the provider's clock) was surely
     * issued after the agent's last rotation ({@code rotated}, by the database's clock): at least the clock skew
     * after it — the allowance the provider's clock has for {@code exp} and {@code nbf} too — so that a provider whose
     * clock runs ahead by up to the skew cannot make a JWT issued before the rotation look newer. One of the
     * rotation's own second may be older than it, so it is refused too. The price: for the skew after a rotation
     * the agent's new JWTs are refused as well.
     */
    static boolean issuedSince(Instant issuedAt, Instant rotated, Duration margin) {
        Instant firstGood = rotated.truncatedTo(ChronoUnit.SECONDS);
        if (!rotated.equals(firstGood)) {
            firstGood = firstGood.plusSeconds(1);
        }
        return !issuedAt.isBefore(firstGood.plus(margin));
    }

    // A configured admin token shorter than MIN_ADMIN_TOKEN_LENGTH is no admin token: one that short could be guessed.
    private boolean isAdminToken(String token) {
        return adminToken
                .filter(expected -> expected.length() >= MIN_ADMIN_TOKEN_LENGTH)
                .map(expected -> MessageDigest.isEqual(
                        expected.getBytes(StandardCharsets.UTF_8), token.getBytes(StandardCharsets.UTF_8)))
                .orElse(false);
    }

    /** Said once at start: an admin token too short to be used is a set-up mistake, not a silent 401. */
    void atStartup(@Observes Startup startup) {
        if (adminToken.isPresent() && adminToken.get().length() < MIN_ADMIN_TOKEN_LENGTH) {
            LOG.severe("mesh.admin.token has " + adminToken.get().length() + " characters; at least "
                    + MIN_ADMIN_TOKEN_LENGTH + " are needed: every admin request is refused until it is longer");
        }
    }

    private static Optional<String> token(String header) {
        if (header == null || !header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
            return Optional.empty();
        }
        String token = header.substring(PREFIX.length()).trim();
        return token.isEmpty() || token.length() > MAX_TOKEN_LENGTH ? Optional.empty() : Optional.of(token);
    }
}
