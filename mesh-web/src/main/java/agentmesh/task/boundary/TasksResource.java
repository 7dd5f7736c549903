package agentmesh.task.boundary;

import agentmesh.task.control.TaskReader;
import agentmesh.task.control.TaskView;
import agentmesh.web.Ids;
import agentmesh.web.security.Callers;
import jakarta.ejb.EJB;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;

/** Tasks as their two agents see them. */
@Path("tasks")
@Produces(MediaType.APPLICATION_JSON)
public class TasksResource {

    @EJB
    TaskReader reader;

    @Context
    SecurityContext security;

    @GET
    @Path("{taskId}")
    public TaskView get(
            @PathParam("taskId") @Pattern(regexp = Ids.TASK_ID, message = "must be 1-64 characters of [A-Za-z0-9._:-]")
            String taskId,
            @QueryParam("historyLength") @DefaultValue("" + TaskReader.MAX_HISTORY) @Min(0)
            @Max(TaskReader.MAX_HISTORY) int historyLength) {
        return reader.read(taskId, Callers.agentId(security), historyLength);
    }
}
