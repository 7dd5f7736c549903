package agentmesh.web.origin;

import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;
import java.net.URI;

/**
 * The API's {@code Location} headers on the mesh's public base ({@link ClientOrigin#publicBase}): JAX-RS makes a
 * relative location absolute against the request's own address, which behind a proxy is the mesh's inside one.
 */
@Provider
public class PublicLocations implements ContainerResponseFilter {

    @Context
    HttpServletRequest servletRequest;

    @Inject
    ClientOrigin origin;

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        URI location = response.getLocation();
        if (location == null) {
            return;
        }
        URI base = request.getUriInfo().getBaseUri(); // the request's own address and the API's path: …/mesh/api/v1/
        URI withinApi = base.relativize(location);
        String contextPath = servletRequest.getContextPath();
        if (withinApi.isAbsolute() || !base.getRawPath().startsWith(contextPath)) {
            return; // somewhere else altogether
        }
        String apiPath = base.getRawPath().substring(contextPath.length());
        URI publicApi = URI.create(origin.publicBase(servletRequest) + apiPath);
        response.getHeaders().putSingle(HttpHeaders.LOCATION, publicApi.resolve(withinApi));
    }
}
