package agentmesh.a2a.origin;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Serves mesh agents at an origin: forwards the requests {@link OriginRoutes} gives an agent to its A2A address in
 * the mesh's context ({@code /mesh/a2a/{agentId}…}), where they pass the mesh's door (token, rates, bounds: the
 * door is mapped for forwards too) like any request to that address. The forward keeps the request as it came (its
 * headers, body, address and query); the request attribute {@value OriginRoute.ServedAt#ATTRIBUTE} tells the facade
 * which origin it was asked at, so that the card's URLs are there. Requests that are no agent's go on to the server.
 *
 * <p>Settings, read once when the module starts through MicroProfile Config (so the environment's
 * {@code MESH_A2A_HOST_PATTERN} and {@code MESH_A2A_DEFAULT_AGENT} serve both this module and the mesh): a bad one
 * stops the module. Neither set: every request passes on.
 */
@WebFilter(urlPatterns = "/*", asyncSupported = true)
public class AgentOrigins implements Filter {

    /** Where the mesh's web module is deployed, in the EAR and on Payara Micro alike. */
    static final String MESH_CONTEXT = "/mesh";

    private static final Logger LOG = Logger.getLogger(AgentOrigins.class.getName());
    private static final Pattern AGENT_ID = Pattern.compile("[A-Za-z0-9._@-]{3,128}");

    private OriginRoutes routes;
    private ServletContext context;

    @Override
    public void init(FilterConfig config) throws ServletException {
        Config settings = ConfigProvider.getConfig();
        Optional<HostPattern> hostPattern;
        try {
            hostPattern = setting(settings, "mesh.a2a.host-pattern").map(HostPattern::parse);
        } catch (IllegalArgumentException e) {
            throw new ServletException(e.getMessage(), e);
        }
        Optional<String> defaultAgent = setting(settings, "mesh.a2a.default-agent");
        if (defaultAgent.isPresent() && !AGENT_ID.matcher(defaultAgent.get()).matches()) {
            throw new ServletException("mesh.a2a.default-agent must be an agent id, 3-128 characters of"
                    + " [A-Za-z0-9._@-]; \"" + defaultAgent.get() + "\" is not");
        }
        routes = new OriginRoutes(hostPattern, defaultAgent);
        context = config.getServletContext();
        LOG.info("A2A agents at an origin: "
                + hostPattern
                        .map(pattern -> "each at its host " + pattern)
                        .orElse("no host form (mesh.a2a.host-pattern unset)")
                + "; "
                + defaultAgent
                        .map(agent -> agent + " at the server's root")
                        .orElse("no default agent (mesh.a2a.default-agent unset)"));
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest http = (HttpServletRequest) request;
        HttpServletResponse answer = (HttpServletResponse) response;
        OriginRoute route = http.getDispatcherType() != DispatcherType.REQUEST
                ? new OriginRoute.PassOn()
                : routes.route(http.getServerName(), http.getMethod(), pathBelowRoot(http));
        if (route instanceof OriginRoute.ToAgent toAgent) {
            forward(toAgent, http, answer);
        } else if (route instanceof OriginRoute.NotAnAgentPath) {
            problem(answer, 404, "not-found", "Not found", "No A2A route of this agent has this path");
        } else {
            chain.doFilter(request, response);
        }
    }

    private void forward(OriginRoute.ToAgent route, HttpServletRequest request, HttpServletResponse response)
            throws IOException, ServletException {
        ServletContext mesh = context.getContext(MESH_CONTEXT);
        // Null where the server refuses cross-context dispatch; the root's own context where no module is at /mesh.
        if (mesh == null || !MESH_CONTEXT.equals(mesh.getContextPath())) {
            response.setHeader("Retry-After", "1");
            problem(
                    response,
                    503,
                    "service-unavailable",
                    "Service unavailable",
                    "The mesh is not reachable from the server's root now; its agents are at /mesh/a2a/{agentId}");
            return;
        }
        RequestDispatcher dispatcher = mesh.getRequestDispatcher(route.target());
        request.setAttribute(OriginRoute.ServedAt.ATTRIBUTE, route.servedAt().value());
        dispatcher.forward(request, response);
    }

    private static String pathBelowRoot(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return path.isEmpty() ? "/" : path;
    }

    private static Optional<String> setting(Config settings, String name) {
        return settings.getOptionalValue(name, String.class).map(String::strip).filter(value -> !value.isEmpty());
    }

    // The mesh's problem documents (RFC 9457), for the few answers this module gives itself.
    private static void problem(HttpServletResponse response, int status, String type, String title, String detail)
            throws IOException {
        byte[] body = ("{\"type\":\"https://agent-mesh.dev/problems/" + type + "\",\"title\":\"" + title
                        + "\",\"status\":" + status + ",\"detail\":\"" + detail + "\"}")
                .getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType("application/problem+json");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
