package agentmesh.agent.boundary;

import agentmesh.web.security.Callers;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;

/**
 * {@code GET /me} → {@code {"agentId"}}: who the bearer token belongs to. Agents and tools check their token with it;
 * it touches no table, so the benchmark also uses it as the cost of a request through the mesh's filters alone.
 */
@ApplicationScoped
@Path("me")
public class MeResource {

    public record Me(String agentId) {}

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Me whoAmI(@Context SecurityContext security) {
        return new Me(Callers.agentId(security));
    }
}
