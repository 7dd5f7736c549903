package agentmesh.web.limits;

import agentmesh.platform.metrics.MeshMeters;
import agentmesh.platform.metrics.MeshMeters.MeshCounter;
import agentmesh.web.ProblemResponses;
import agentmesh.web.security.BearerTokens;
import agentmesh.web.security.Caller;
import agentmesh.web.security.TooManyFailedAuthentications;
import jakarta.annotation.PostConstruct;
import jakarta.inject.Inject;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.IOException;
import java.time.Duration;
import java.util.Optional;

/**
 * The door of the API, before anything is read or routed: who is calling (the bearer token, cached; none or an
 * invalid one → 401 at once, before a byte of the body is read), then the caller's rate ({@link AgentRateLimit},
 * 429), then the server's capacity ({@link AdmissionLimit}: at most {@code mesh.http.max-concurrent-requests}
 * worked on at once, a wait of at most {@code mesh.http.admission-wait-ms} for a place, 503) — both with
 * Retry-After. One agent's flood is cut by its own rate before it takes places from
 * the others; past capacity the server keeps serving what it admits at its normal latency instead of queueing
 * everything into timeouts (Payara's HTTP queue of 4,096 requests filled, and connections were dropped). A long poll
 * or a stream holds its place only while its request is being handled, not while it waits.
 *
 * <p>The inbox's own requests (reading, streaming, acknowledging) have places of their own,
 * {@code mesh.http.max-concurrent-inbox-requests}: they drain what the mesh has accepted already, so a flood of
 * sends must not refuse them — a refused reader waits a second for messages that are there, while a refused sender
 * retries a message not yet taken (the way brokers throttle producers, never their consumers).
 *
 * <p>Admin requests are neither limited nor counted: an operator can still act on an overloaded server. Who may do
 * what is decided later, by {@link agentmesh.web.security.BearerAuthentication}, from the caller found here. The A2A
 * facade ({@code /a2a/*}) passes the same door; its agent cards are public, as A2A wants them, and pass the capacity
 * check only.
 */
@WebFilter(urlPatterns = {"/api/v1/*", "/a2a/*"}, asyncSupported = true)
public class AgentGate implements Filter {

    @Inject
    @ConfigProperty(name = "mesh.http.max-concurrent-requests", defaultValue = "24")
    int maxConcurrentRequests;

    @Inject
    @ConfigProperty(name = "mesh.http.max-concurrent-inbox-requests", defaultValue = "32")
    int maxConcurrentInboxRequests;

    @Inject
    @ConfigProperty(name = "mesh.http.admission-wait-ms", defaultValue = "100")
    long admissionWaitMillis;

    @Inject
    BearerTokens bearerTokens;

    @Inject
    AgentRateLimit rateLimit;

    @Inject
    OverloadLog overloadLog;

    @Inject
    MeshMeters meters;

    private AdmissionLimit requests;
    private AdmissionLimit inboxRequests;
    private MeshCounter overCapacity;

    @PostConstruct
    void init() {
        // Twice as many may wait a moment as work: a burst is absorbed, a flood is refused at once.
        requests = new AdmissionLimit(maxConcurrentRequests, 2 * maxConcurrentRequests);
        inboxRequests = new AdmissionLimit(maxConcurrentInboxRequests, 2 * maxConcurrentInboxRequests);
        overCapacity = meters.counter("agent_mesh_over_capacity"); // exported as agent_mesh_over_capacity_total
        meters.gauge("agent_mesh_requests_in_progress", () -> requests.inUse() + inboxRequests.inUse());
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest http = (HttpServletRequest) request;
        HttpServletResponse answer = (HttpServletResponse) response;
        if (isAgentCard(http)) {
            withinCapacity(request, response, chain); // public: no token, so no agent's rate either
            return;
        }
        Optional<Caller> caller;
        try {
            caller = bearerTokens.callerOf(http);
        } catch (TooManyFailedAuthentications e) {
            overloadLog.refused("429 after too many invalid tokens from one address");
            refuse(answer, 429, "too-many-failed-authentications", "Too many invalid tokens", e.getMessage(),
                    e.retryAfterSeconds());
            return;
        } catch (RuntimeException e) {
            // The token lookup's database failed (a connection lost, the database restarting): outside JAX-RS, an
            // exception would leave as the container's HTML 500; it is a 503 to retry, counted, not a stack each.
            overloadLog.refused("503 the token could not be checked: " + rootCause(e).getClass().getSimpleName());
            refuse(answer, 503, "service-unavailable", "Service unavailable", "The mesh could not check the token"
                    + " now; retry in 1 s (the same messageId keeps a retried send from being stored twice)", 1);
            return;
        }
        if (caller.isEmpty()) {
            answer.setHeader("WWW-Authenticate", "Bearer realm=\"agent-mesh\"");
            ProblemResponses.write(answer, 401, "unauthorized", "Unauthorized",
                    http.getHeader("Authorization") == null ? "An Authorization: Bearer token is required"
                            : "The bearer token is not valid");
            return;
        }
        if (caller.get().admin()) {
            chain.doFilter(request, response);
            return;
        }
        Duration wait = rateLimit.take(caller.get().name());
        if (!wait.isZero()) {
            long seconds = Math.max(1, (wait.toMillis() + 999) / 1000);
            overloadLog.refused("429 over an agent's rate limit");
            refuse(answer, 429, "rate-limited", "Too many requests", rateLimit.describe(caller.get().name(), seconds),
                    seconds);
            return;
        }
        withinCapacity(request, response, chain);
    }

    // The server's capacity: a place among those worked on at once, or a 503 at once.
    private void withinCapacity(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        boolean inbox = isInboxRequest((HttpServletRequest) request);
        AdmissionLimit admission = inbox ? inboxRequests : requests;
        if (!admitted(admission)) {
            overCapacity.inc();
            overloadLog.refused(inbox ? "503 over capacity (inbox requests)" : "503 over capacity");
            refuse((HttpServletResponse) response, 503, "over-capacity", "Server over capacity",
                    "The mesh is working at capacity; retry in 1 s (the same messageId keeps a retried send from"
                            + " being stored twice)", 1);
            return;
        }
        try {
            chain.doFilter(request, response);
        } finally {
            admission.release();
        }
    }

    private static boolean isAgentCard(HttpServletRequest request) {
        return request.getMethod().equals("GET") && request.getServletPath().equals("/a2a")
                && request.getPathInfo() != null && request.getPathInfo().contains("/.well-known/agent");
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

    private boolean admitted(AdmissionLimit admission) {
        try {
            return admission.acquire(Duration.ofMillis(admissionWaitMillis).toNanos());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static void refuse(HttpServletResponse response, int status, String type, String title, String detail,
                               long retryAfterSeconds) throws IOException {
        response.setHeader("Retry-After", Long.toString(retryAfterSeconds));
        ProblemResponses.write(response, status, type, title, detail);
    }
}
