package agentmesh.testfaults.boundary;

import agentmesh.testfaults.FaultPoint;
import agentmesh.testfaults.Faults;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.ext.Provider;

/**
 * Passes the test-only {@code X-Mesh-Fault: after-message-insert} header to {@link Faults}, which ignores it unless
 * the server runs with {@code mesh.test.faults=true}, and forgets it when the response is ready.
 */
@Provider
public class FaultHeader implements ContainerRequestFilter, ContainerResponseFilter {

    static final String HEADER = "X-Mesh-Fault";

    @Inject
    Faults faults;

    @Override
    public void filter(ContainerRequestContext request) {
        if (!faults.enabled()) {
            return;
        }
        String value = request.getHeaderString(HEADER);
        if (value == null) {
            return;
        }
        for (FaultPoint point : FaultPoint.values()) {
            if (point.name().replace('_', '-').equalsIgnoreCase(value.trim())) {
                faults.request(point);
            }
        }
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        faults.clear();
    }
}
