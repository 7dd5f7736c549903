package agentmesh.web.security;

import agentmesh.agent.control.AgentTokens;
import agentmesh.web.Problem;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;

/**
 * Every route needs a bearer token: admin routes ({@link AdminApi}) the admin token from configuration, the others
 * an agent's. No or an unknown token → 401; the wrong kind of token → 403. The caller becomes the request's
 * {@link jakarta.ws.rs.core.SecurityContext} principal ({@link Caller}).
 */
@Provider
@Priority(Priorities.AUTHENTICATION)
public class BearerAuthentication implements ContainerRequestFilter {

    private static final String PREFIX = "Bearer ";

    @Context
    ResourceInfo resource;

    @Inject
    AgentTokens tokens;

    @Inject
    @ConfigProperty(name = "mesh.admin.token")
    Optional<String> adminToken;

    @Override
    public void filter(ContainerRequestContext request) {
        Class<?> resourceClass = resource.getResourceClass();
        if (resourceClass == null) {
            return; // no route matched: the 404 needs no identity
        }
        String token = bearerToken(request.getHeaderString(HttpHeaders.AUTHORIZATION))
                .orElseThrow(() -> unauthorized("An Authorization: Bearer token is required"));
        Caller caller = isAdminToken(token) ? new Caller(Caller.ADMIN, true)
                : tokens.agentOf(token).map(agent -> new Caller(agent, false))
                        .orElseThrow(() -> unauthorized("The bearer token is not valid"));
        boolean adminRoute = resourceClass.isAnnotationPresent(AdminApi.class);
        if (adminRoute != caller.admin()) {
            throw forbidden(adminRoute ? "This route needs the admin token"
                    : "This route is for agents; use an agent's token");
        }
        request.setSecurityContext(new CallerSecurityContext(caller, request.getSecurityContext().isSecure()));
    }

    private boolean isAdminToken(String token) {
        return adminToken.map(expected -> MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8),
                token.getBytes(StandardCharsets.UTF_8))).orElse(false);
    }

    private static Optional<String> bearerToken(String header) {
        if (header == null || !header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
            return Optional.empty();
        }
        String token = header.substring(PREFIX.length()).trim();
        return token.isEmpty() || token.length() > 512 ? Optional.empty() : Optional.of(token);
    }

    private static WebApplicationException unauthorized(String detail) {
        return new WebApplicationException(Problem.of(401, "unauthorized", "Unauthorized", detail)
                .response().header(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"agent-mesh\"").build());
    }

    private static WebApplicationException forbidden(String detail) {
        return new WebApplicationException(Problem.of(403, "forbidden", "Forbidden", detail).response().build());
    }
}
