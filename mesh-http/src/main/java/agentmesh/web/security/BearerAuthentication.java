package agentmesh.web.security;

import agentmesh.web.Problem;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;

/**
 * Every route needs a bearer token: admin routes ({@link AdminApi}) the admin token from configuration (or a JWT of
 * the OIDC provider with its admin role), the others an agent's. No or an unknown token → 401; the wrong kind of token → 403. The caller, found at the door
 * ({@link BearerTokens}), becomes the request's {@link jakarta.ws.rs.core.SecurityContext} principal
 * ({@link Caller}).
 */
@Provider
@Priority(Priorities.AUTHENTICATION)
public class BearerAuthentication implements ContainerRequestFilter {

    @Context
    ResourceInfo resource;

    @Context
    HttpServletRequest servletRequest;

    @Inject
    BearerTokens tokens;

    @Override
    public void filter(ContainerRequestContext request) {
        Class<?> resourceClass = resource.getResourceClass();
        if (resourceClass == null) {
            return; // no route matched: the 404 needs no identity
        }
        Caller caller = BearerTokens.foundBefore(request)
                .or(() -> tokens.callerOf(servletRequest))
                .orElseThrow(() -> unauthorized(
                        request.getHeaderString(HttpHeaders.AUTHORIZATION) == null
                                ? "An Authorization: Bearer token is required"
                                : "The bearer token is not valid"));
        boolean adminRoute = resourceClass.isAnnotationPresent(AdminApi.class);
        if (adminRoute != caller.admin()) {
            throw forbidden(
                    adminRoute ? "This route needs the admin token" : "This route is for agents; use an agent's token");
        }
        request.setSecurityContext(
                new CallerSecurityContext(caller, request.getSecurityContext().isSecure()));
    }

    public static WebApplicationException unauthorized(String detail) {
        return new WebApplicationException(Problem.of(401, "unauthorized", "Unauthorized", detail)
                .response()
                .header(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"agent-mesh\"")
                .build());
    }

    private static WebApplicationException forbidden(String detail) {
        return new WebApplicationException(
                Problem.of(403, "forbidden", "Forbidden", detail).response().build());
    }
}
