package agentmesh.testfaults.boundary;

import agentmesh.testfaults.PublishFaults;
import agentmesh.web.Ids;
import agentmesh.web.security.AdminApi;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;

/**
 * Test only ({@code mesh.test.faults=true}): makes this server's publishing fail for one recipient's events, or heal.
 * Answers 404 on a server without test faults, as if the route did not exist.
 */
@Path("admin/test-faults/publish/{agentId}")
@AdminApi
public class PublishFaultsResource {

    @Inject
    PublishFaults faults;

    @PUT
    public Response fail(@PathParam("agentId") @Pattern(regexp = Ids.AGENT_ID) String agentId) {
        requireEnabled();
        faults.failKey(agentId);
        return Response.noContent().build();
    }

    @DELETE
    public Response heal(@PathParam("agentId") @Pattern(regexp = Ids.AGENT_ID) String agentId) {
        requireEnabled();
        faults.healKey(agentId);
        return Response.noContent().build();
    }

    private void requireEnabled() {
        if (!faults.enabled()) {
            throw new NotFoundException();
        }
    }
}
