package agentmesh.mcp.boundary;

import agentmesh.web.ProblemResponses;
import agentmesh.web.security.BearerTokens;
import agentmesh.web.security.Caller;
import agentmesh.web.security.TooManyFailedAuthentications;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.util.Optional;

/**
 * The MCP endpoint's door: an agent's bearer token, as for the API (the admin token is no agent's: its tools act for
 * one). The caller found here is what {@link McpEndpoint}'s tools act for.
 */
@WebFilter(urlPatterns = McpEndpoint.PATH, asyncSupported = true)
public class McpAuthentication extends HttpFilter {

    @Inject
    BearerTokens bearerTokens;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        Optional<Caller> caller;
        try {
            caller = bearerTokens.callerOf(request);
        } catch (TooManyFailedAuthentications e) {
            response.setHeader("Retry-After", Long.toString(e.retryAfterSeconds()));
            ProblemResponses.write(response, 429, "too-many-failed-authentications", "Too many invalid tokens",
                    e.getMessage());
            return;
        }
        if (caller.isEmpty() || caller.get().admin()) {
            response.setHeader("WWW-Authenticate", "Bearer realm=\"agent-mesh\"");
            ProblemResponses.write(response, 401, "unauthorized", "Unauthorized",
                    "The MCP endpoint needs an agent's bearer token: its tools act for that agent");
            return;
        }
        chain.doFilter(request, response);
    }
}
