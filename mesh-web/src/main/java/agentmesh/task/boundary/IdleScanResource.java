package agentmesh.task.boundary;

import agentmesh.json.MeshJson;
import agentmesh.task.control.IdleTaskTimer;
import agentmesh.web.security.AdminApi;
import jakarta.ejb.EJB;
import jakarta.json.JsonObject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** Admin: run the idle-task scan now instead of waiting for its timer → {@code {"failed": n}}. */
@Path("admin/tasks/idle-scan")
@AdminApi
public class IdleScanResource {

    @EJB
    IdleTaskTimer timer;

    @POST
    @Produces(MediaType.APPLICATION_JSON)
    public JsonObject scanNow() {
        return MeshJson.object().add("failed", timer.scanNow()).build();
    }
}
