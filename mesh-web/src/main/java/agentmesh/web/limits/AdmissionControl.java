package agentmesh.web.limits;

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
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.annotation.RegistryScope;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Semaphore;

/**
 * Bounded admission: at most {@code mesh.http.max-concurrent-requests} agent requests are worked on at once; one
 * more is answered 503 with {@code Retry-After: 1} at once, before anything is read or looked up. The server then
 * keeps serving what it admitted at its normal latency, instead of queueing everything into timeouts (Payara's HTTP
 * queue of 4,096 requests filled, and connections were dropped). A long poll or a stream holds its place only while
 * its request is being handled, not while it waits. Admin requests are not counted: an operator can still act on an
 * overloaded server.
 */
@WebFilter(urlPatterns = "/api/v1/*", asyncSupported = true)
public class AdmissionControl implements Filter {

    static final String OVER_CAPACITY = "503 over capacity";
    private static final byte[] PROBLEM = ("{\"type\":\"https://agent-mesh.dev/problems/over-capacity\","
            + "\"title\":\"Server over capacity\",\"status\":503,\"detail\":\"The mesh is working at capacity; "
            + "retry in 1 s (the same messageId keeps a retried send from being stored twice)\"}")
            .getBytes(StandardCharsets.UTF_8);

    @Inject
    @ConfigProperty(name = "mesh.http.max-concurrent-requests", defaultValue = "16")
    int maxConcurrentRequests;

    @Inject
    OverloadLog overloadLog;

    @Inject
    @RegistryScope(scope = MetricRegistry.APPLICATION_SCOPE)
    MetricRegistry registry;

    private Semaphore permits;
    private Counter refused;

    @PostConstruct
    void init() {
        permits = new Semaphore(maxConcurrentRequests);
        refused = registry.counter("agent_mesh_over_capacity"); // exported as agent_mesh_over_capacity_total
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (isAdmin((HttpServletRequest) request)) {
            chain.doFilter(request, response);
            return;
        }
        if (!permits.tryAcquire()) {
            refused.inc();
            overloadLog.refused(OVER_CAPACITY);
            HttpServletResponse http = (HttpServletResponse) response;
            http.setStatus(503);
            http.setHeader("Retry-After", "1");
            http.setContentType("application/problem+json");
            http.setContentLength(PROBLEM.length);
            http.getOutputStream().write(PROBLEM);
            return;
        }
        try {
            chain.doFilter(request, response);
        } finally {
            permits.release();
        }
    }

    private static boolean isAdmin(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return path.startsWith("/api/v1/admin/") || path.equals("/api/v1/admin");
    }
}
