package agentmesh.web.limits;

import agentmesh.web.ProblemResponses;
import agentmesh.web.origin.ClientOrigin;
import agentmesh.web.security.BearerTokens;
import agentmesh.web.security.Caller;
import agentmesh.web.security.TooManyFailedAuthentications;
import agentmesh.web.security.oidc.ProviderUnavailable;
import jakarta.annotation.PostConstruct;
import jakarta.inject.Inject;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The one door of every agent-facing surface — the API, the A2A facade and MCP — before anything is read or routed,
 * in this order:
 * <ol>
 * <li>who is calling (the bearer token, cached; none or an invalid one → 401 at once, before a byte of the body is
 *     read);</li>
 * <li>the caller's rate: requests ({@link AgentRateLimit}) and bytes of answers ({@link AgentAnswerBytes}), 429;</li>
 * <li>the caller's share: at most {@code mesh.http.max-requests-per-agent} of its requests read or worked on at once
 *     ({@link AgentConcurrency}, 429) — so one agent's slow uploads or heavy reads hold its own share of the
 *     workers and places, never the others';</li>
 * <li>the body, read whole within {@code mesh.http.max-body-bytes} (413), {@code mesh.http.body-read-timeout-ms}
 *     (408) and valid UTF-8 (400) ({@link RequestBody}) — before a place is taken, so a slow upload holds no
 *     place;</li>
 * <li>the server's capacity ({@link ServerPlaces}: at most {@code mesh.http.max-concurrent-requests} worked on at
 *     once, a wait of at most {@code mesh.http.admission-wait-ms} for a place, 503).</li>
 * </ol>
 * Every refusal of load carries Retry-After. One agent's flood is cut by its own rate and share before it takes
 * places from the others; past capacity the server keeps serving what it admits at its normal latency instead of
 * queueing everything into timeouts (Payara's HTTP queue of 4,096 requests filled, and connections were dropped). A
 * long poll or a stream holds its place only while its request is being handled, not while it waits.
 *
 * <p>The inbox's own requests (reading, streaming, acknowledging) have places of their own,
 * {@code mesh.http.max-concurrent-inbox-requests}: they drain what the mesh has accepted already, so a flood of
 * sends must not refuse them — a refused reader waits a second for messages that are there, while a refused sender
 * retries a message not yet taken (the way brokers throttle producers, never their consumers).
 *
 * <p>MCP requests ({@code /mcp}) have a share of their own ({@code mesh.mcp.max-requests-per-agent}) and take no
 * place here: their tools act in-process and take a place of the server's for their work ({@link ServerPlaces}), not
 * for a wait for an inbox event, which the MCP library's servlet makes on its request thread. The admin token is no
 * agent's there. Admin requests elsewhere are neither limited nor counted, only their bodies bounded: an operator
 * can still act on an overloaded server. Who may do what is decided later, by
 * {@link agentmesh.web.security.BearerAuthentication}, from the caller found here. A2A agent cards are public, as
 * A2A wants them: they are limited per client address ({@link AddressRateLimit}, 429; the address behind trusted
 * proxies, {@link ClientOrigin}) and, read from memory, take no place.
 *
 * <p>Requests forwarded here pass it too: an agent served at an origin of its own (the root module, mesh-root)
 * reaches {@code /a2a/*} by a forward from the server's root, which this door must see as any request to that
 * address. A request passes it once: one already let in (a forward within the mesh) goes on without a second count.
 */
@WebFilter(
        urlPatterns = {"/api/v1/*", "/a2a/*", "/mcp"},
        asyncSupported = true,
        dispatcherTypes = {DispatcherType.REQUEST, DispatcherType.FORWARD})
public class AgentGate implements Filter {

    private static final Set<String> BODILESS = Set.of("GET", "HEAD", "OPTIONS", "DELETE");
    private static final Pattern AGENT_CARD = Pattern.compile("/[^/]+/\\.well-known/agent(-card)?\\.json");
    private static final String LET_IN = AgentGate.class.getName() + ".letIn";

    @Inject
    @ConfigProperty(name = "mesh.http.max-requests-per-agent", defaultValue = "8")
    int maxRequestsPerAgent;

    @Inject
    @ConfigProperty(name = "mesh.mcp.max-requests-per-agent", defaultValue = "4")
    int maxMcpRequestsPerAgent;

    @Inject
    @ConfigProperty(name = "mesh.http.max-body-bytes", defaultValue = "1048576")
    int maxBodyBytes;

    @Inject
    @ConfigProperty(name = "mesh.http.body-read-timeout-ms", defaultValue = "10000")
    long bodyReadTimeoutMillis;

    @Inject
    BearerTokens bearerTokens;

    @Inject
    AgentRateLimit rateLimit;

    @Inject
    AgentAnswerBytes answerBytes;

    @Inject
    AddressRateLimit addressRateLimit;

    @Inject
    ClientOrigin origin;

    @Inject
    OverloadLog overloadLog;

    @Inject
    ServerPlaces places;

    private AgentConcurrency perAgent;
    private AgentConcurrency perAgentMcp;

    @PostConstruct
    void init() {
        perAgent = new AgentConcurrency(maxRequestsPerAgent);
        perAgentMcp = new AgentConcurrency(maxMcpRequestsPerAgent);
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest http = (HttpServletRequest) request;
        HttpServletResponse answer = (HttpServletResponse) response;
        if (http.getAttribute(LET_IN) != null) {
            chain.doFilter(request, response);
            return;
        }
        http.setAttribute(LET_IN, Boolean.TRUE);
        if (isAgentCard(http)) {
            publicDocument(http, answer, chain);
            return;
        }
        Optional<Caller> caller;
        try {
            caller = bearerTokens.callerOf(http);
        } catch (TooManyFailedAuthentications e) {
            refuse(
                    answer,
                    new Refusal(
                            429,
                            "too-many-failed-authentications",
                            "Too many invalid tokens",
                            e.getMessage(),
                            e.retryAfterSeconds(),
                            "429 after too many invalid tokens from one address"));
            return;
        } catch (ProviderUnavailable e) {
            // The identity provider's keys are out of reach: the JWT is neither good nor bad, and no failed
            // authentication; come back when the mesh will ask the provider again.
            refuse(
                    answer,
                    new Refusal(
                            503,
                            "identity-provider-unavailable",
                            "Identity provider unavailable",
                            "The mesh could not reach the identity provider to check the token; retry in "
                                    + e.retryAfterSeconds() + " s",
                            e.retryAfterSeconds(),
                            "503 the identity provider is out of reach"));
            return;
        } catch (RuntimeException e) {
            // The token lookup's database failed (a connection lost, the database restarting): outside JAX-RS, an
            // exception would leave as the container's HTML 500; it is a 503 to retry, counted, not a stack each.
            refuse(
                    answer,
                    new Refusal(
                            503,
                            "service-unavailable",
                            "Service unavailable",
                            "The mesh could not check"
                                    + " the token now; retry in 1 s (the same messageId keeps a retried send from being stored"
                                    + " twice)",
                            1,
                            "503 the token could not be checked: "
                                    + rootCause(e).getClass().getSimpleName()));
            return;
        }
        boolean mcp = http.getServletPath().equals("/mcp");
        if (caller.isEmpty() || (mcp && caller.get().admin())) {
            answer.setHeader("WWW-Authenticate", "Bearer realm=\"agent-mesh\"");
            ProblemResponses.write(
                    answer,
                    401,
                    "unauthorized",
                    "Unauthorized",
                    mcp
                            ? "The MCP endpoint needs an agent's bearer token: its tools act for that agent"
                            : http.getHeader("Authorization") == null
                                    ? "An Authorization: Bearer token is required"
                                    : "The bearer token is not valid");
        } else if (caller.get().admin()) {
            withBody(http, answer, body -> chain.doFilter(body, response));
        } else {
            agentRequest(caller.get().name(), mcp, http, answer, chain);
        }
    }

    // Public: no token, so the address's rate; a card is read from memory, so it takes no place.
    private void publicDocument(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String address = origin.address(request);
        Duration wait = addressRateLimit.take(address);
        if (!wait.isZero()) {
            refuse(
                    response,
                    new Refusal(
                            429,
                            "rate-limited",
                            "Too many requests",
                            addressRateLimit.describe(address, seconds(wait)),
                            seconds(wait),
                            "429 over an address's rate of public requests"));
            return;
        }
        chain.doFilter(request, response);
    }

    private void agentRequest(
            String agent, boolean mcp, HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        boolean read = isRead(request);
        Optional<Refusal> overRate = overRate(agent, read);
        if (overRate.isPresent()) {
            refuse(response, overRate.get());
            return;
        }
        // An MCP request may wait (for an inbox event) as long as a long poll, holding its thread: a share apart.
        AgentConcurrency share = mcp ? perAgentMcp : perAgent;
        if (!share.tryAcquire(agent)) {
            if (read) {
                answerBytes.settle(agent, 0); // the page taken ahead, given back
            }
            refuse(
                    response,
                    new Refusal(
                            429,
                            "too-many-requests-at-once",
                            "Too many requests at once",
                            agent
                                    + " has " + share.limit()
                                    + (mcp
                                            ? " MCP requests (mesh.mcp.max-requests-per-agent)"
                                            : " requests (mesh.http.max-requests-per-agent)")
                                    + " being read or worked on; retry in 1 s",
                            1,
                            "429 over an agent's requests at once"));
            return;
        }
        CountingResponse counted = new CountingResponse(response);
        try {
            withBody(request, counted, body -> {
                if (mcp) {
                    chain.doFilter(body, counted);
                } else {
                    withinCapacity(body, counted, chain);
                }
            });
        } finally {
            share.release(agent);
            if (read) {
                answerBytes.settle(agent, counted.bytes());
            } else {
                answerBytes.charge(agent, counted.bytes());
            }
        }
    }

    // The agent's rates: of requests, and of the bytes it has been answered (a read takes a page's ahead).
    private Optional<Refusal> overRate(String agent, boolean read) {
        Duration wait = rateLimit.take(agent);
        if (!wait.isZero()) {
            return Optional.of(new Refusal(
                    429,
                    "rate-limited",
                    "Too many requests",
                    rateLimit.describe(agent, seconds(wait)),
                    seconds(wait),
                    "429 over an agent's rate limit"));
        }
        Duration owed = read ? answerBytes.reserve(agent) : answerBytes.owed(agent);
        if (!owed.isZero()) {
            return Optional.of(new Refusal(
                    429,
                    "answer-bytes-limited",
                    "Too many bytes read",
                    answerBytes.describe(agent, seconds(owed)),
                    seconds(owed),
                    "429 over an agent's answer bytes"));
        }
        return Optional.empty();
    }

    /** What is done with a request once its body is read and within bounds. */
    @FunctionalInterface
    private interface WithBody {
        void accept(HttpServletRequest request) throws IOException, ServletException;
    }

    // A request without a body goes on as it is; any other goes on with its body read whole, or is refused. Without
    // a length a body may still come (chunked, in whatever list of codings, or HTTP/2 frames): only the methods whose
    // bodies the mesh never reads go on unread then.
    private void withBody(HttpServletRequest request, HttpServletResponse response, WithBody next)
            throws IOException, ServletException {
        long declared = request.getContentLengthLong();
        if (declared == 0 || (declared < 0 && BODILESS.contains(request.getMethod()))) {
            next.accept(request);
            return;
        }
        byte[] body;
        try {
            if (declared > maxBodyBytes) {
                throw RequestBody.tooLarge(maxBodyBytes); // before a byte is read (no 100 Continue)
            }
            body = RequestBody.read(
                    request.getInputStream(),
                    declared,
                    maxBodyBytes,
                    Duration.ofMillis(bodyReadTimeoutMillis).toNanos());
        } catch (RequestBody.Refused refused) {
            if (refused.status != 400) {
                overloadLog.refused(refused.status + " " + refused.title.toLowerCase(Locale.ROOT));
                response.setHeader("Connection", "close"); // the rest of the body is not read
            }
            try {
                ProblemResponses.write(response, refused.status, refused.type, refused.title, refused.getMessage());
            } catch (IOException clientGone) {
                // A client that stopped sending has often gone: its answer has no one to go to, and is no fault.
            }
            return;
        }
        next.accept(new BufferedRequest(request, body));
    }

    // The server's capacity: a place among those worked on at once, or a 503 at once.
    private void withinCapacity(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        boolean inbox = isInboxRequest((HttpServletRequest) request);
        if (!places.take(inbox)) {
            refuse(
                    (HttpServletResponse) response,
                    new Refusal(
                            503,
                            "over-capacity",
                            "Server over capacity",
                            ServerPlaces.OVER_CAPACITY,
                            1,
                            inbox ? "503 over capacity (inbox requests)" : "503 over capacity"));
            return;
        }
        try {
            chain.doFilter(request, response);
        } finally {
            places.release(inbox);
        }
    }

    private static boolean isAgentCard(HttpServletRequest request) {
        return request.getMethod().equals("GET")
                && request.getServletPath().equals("/a2a")
                && request.getPathInfo() != null
                && AGENT_CARD.matcher(request.getPathInfo()).matches();
    }

    // What may answer with stored content at once: a GET, and any A2A call (its reads are JSON-RPC POSTs). The
    // inbox's requests are not: an agent's polls and streams open several at a time and mostly wait, answered later;
    // a page read now is charged after it, as any other answer.
    private static boolean isRead(HttpServletRequest request) {
        return !isInboxRequest(request)
                && (request.getMethod().equals("GET")
                        || request.getServletPath().equals("/a2a"));
    }

    private static boolean isInboxRequest(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return path.equals("/api/v1/inbox") || path.startsWith("/api/v1/inbox/");
    }

    private static Throwable rootCause(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause;
    }

    /** A refusal of load: its answer, when to come back, and the cause it is counted under in the log. */
    private record Refusal(
            int status, String type, String title, String detail, long retryAfterSeconds, String cause) {}

    private void refuse(HttpServletResponse response, Refusal refusal) throws IOException {
        overloadLog.refused(refusal.cause());
        response.setHeader("Retry-After", Long.toString(refusal.retryAfterSeconds()));
        ProblemResponses.write(response, refusal.status(), refusal.type(), refusal.title(), refusal.detail());
    }

    private static long seconds(Duration wait) {
        return Math.max(1, (wait.toMillis() + 999) / 1000);
    }
}
