package agentmesh.stats.boundary;

import agentmesh.stats.control.MeshStats;
import agentmesh.web.security.AdminApi;
import jakarta.ejb.EJB;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** Admin: the mesh's state at a glance (see {@link MeshStats}). */
@Path("admin/stats")
@AdminApi
@Produces(MediaType.APPLICATION_JSON)
public class StatsResource {

    @EJB
    MeshStats stats;

    @GET
    public MeshStats.Stats get() {
        return stats.snapshot();
    }
}
