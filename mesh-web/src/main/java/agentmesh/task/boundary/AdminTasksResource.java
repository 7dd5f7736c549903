package agentmesh.task.boundary;

import agentmesh.task.control.ArtifactPage;
import agentmesh.task.control.MessagePage;
import agentmesh.task.control.TaskPage;
import agentmesh.task.control.TaskReader;
import agentmesh.task.control.TaskView;
import agentmesh.task.entity.TaskState;
import agentmesh.web.Ids;
import agentmesh.web.PageQuery;
import agentmesh.web.security.AdminApi;
import jakarta.ejb.EJB;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * Admin: every agent's tasks, for the dashboard — those in one state, most recently updated first, and one task with
 * its messages and artifacts in pages, each as bounded as an agent's own reads (count and bytes).
 */
@Path("admin/tasks")
@AdminApi
@Produces(MediaType.APPLICATION_JSON)
public class AdminTasksResource {

    @EJB
    TaskReader reader;

    @GET
    public TaskPage list(
            @QueryParam("state")
                    @NotNull(message = "must be a task state")
                    @Pattern(regexp = TaskPaging.STATES, message = "must be a task state")
                    String state,
            @QueryParam(PageQuery.CURSOR) String cursor,
            @QueryParam(PageQuery.ALIAS) String after,
            @QueryParam(PageQuery.LIMIT) String limit) {
        PageQuery page = PageQuery.of(cursor, after, limit);
        return reader.listInState(
                TaskState.fromWireName(state), TaskPaging.cursor(page), page.limit(50, TaskReader.MAX_PAGE));
    }

    /** The task as it stands (its state and its agents); its messages and artifacts are read in pages. */
    @GET
    @Path("{taskId}")
    public TaskView get(
            @PathParam("taskId") @Pattern(regexp = Ids.TASK_ID, message = TasksResource.TASK_ID_MESSAGE)
                    String taskId) {
        return reader.statusForAdmin(taskId);
    }

    @GET
    @Path("{taskId}/messages")
    public MessagePage messages(
            @PathParam("taskId") @Pattern(regexp = Ids.TASK_ID, message = TasksResource.TASK_ID_MESSAGE) String taskId,
            @QueryParam(PageQuery.CURSOR) String cursor,
            @QueryParam(PageQuery.ALIAS) String after,
            @QueryParam(PageQuery.LIMIT) String limit) {
        PageQuery page = PageQuery.of(cursor, after, limit);
        return reader.messagesForAdmin(taskId, TaskPaging.position(page), page.limit(100, TaskReader.MAX_PAGE));
    }

    @GET
    @Path("{taskId}/artifacts")
    public ArtifactPage artifacts(
            @PathParam("taskId") @Pattern(regexp = Ids.TASK_ID, message = TasksResource.TASK_ID_MESSAGE) String taskId,
            @QueryParam(PageQuery.CURSOR) String cursor,
            @QueryParam(PageQuery.ALIAS) String after,
            @QueryParam(PageQuery.LIMIT) String limit) {
        PageQuery page = PageQuery.of(cursor, after, limit);
        return reader.artifactsForAdmin(taskId, TaskPaging.position(page), page.limit(100, TaskReader.MAX_PAGE));
    }
}
