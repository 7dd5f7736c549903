package agentmesh.task.boundary;

import agentmesh.identity.control.IdentityCheck;
import agentmesh.problem.InvalidRequestException;
import agentmesh.task.control.ArtifactPage;
import agentmesh.task.control.MessagePage;
import agentmesh.task.control.TaskLifecycle;
import agentmesh.task.control.TaskPage;
import agentmesh.task.control.TaskReader;
import agentmesh.task.control.TaskView;
import agentmesh.task.entity.TaskState;
import agentmesh.tracing.Tracing;
import agentmesh.web.Ids;
import agentmesh.web.JsonBodies;
import agentmesh.web.PageQuery;
import agentmesh.web.QueryNumbers;
import agentmesh.web.security.Callers;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.net.URI;

/** Tasks as their two agents see and drive them. One instance serves every request; the caller comes with each call. */
@ApplicationScoped
@Path("tasks")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class TasksResource {

    static final String TASK_ID_MESSAGE = "must be 1-64 characters of [A-Za-z0-9._:-]";
    private static final String ROUTE = "/mesh/api/v1/tasks/{taskId}";
    private static final long OK = 200;

    @EJB
    TaskReader reader;

    @EJB
    TaskLifecycle lifecycle;

    @Inject
    IdentityCheck identity;

    @Inject
    Tracing tracing;

    @GET
    public TaskPage list(
            @QueryParam("state") @Pattern(regexp = TaskPaging.STATES, message = "must be a task state") String state,
            @QueryParam(PageQuery.CURSOR) String cursor,
            @QueryParam(PageQuery.ALIAS) String after,
            @QueryParam(PageQuery.LIMIT) String limit,
            @Context SecurityContext security) {
        PageQuery page = PageQuery.of(cursor, after, limit);
        return reader.list(
                Callers.agentId(security),
                state == null ? null : TaskState.fromWireName(state),
                TaskPaging.cursor(page),
                page.limit(50, TaskReader.MAX_PAGE));
    }

    @GET
    @Path("{taskId}")
    public TaskView get(
            @PathParam("taskId") @Pattern(regexp = Ids.TASK_ID, message = TASK_ID_MESSAGE) String taskId,
            @QueryParam("historyLength") String historyLength,
            @Context SecurityContext security) {
        return reader.read(
                taskId,
                Callers.agentId(security),
                QueryNumbers.parse("historyLength", historyLength, TaskReader.MAX_HISTORY, 0, TaskReader.MAX_HISTORY));
    }

    /** The task's messages in seq order, a page after the cursor (a seq; 0 = from the first). */
    @GET
    @Path("{taskId}/messages")
    public MessagePage messages(
            @PathParam("taskId") @Pattern(regexp = Ids.TASK_ID, message = TASK_ID_MESSAGE) String taskId,
            @QueryParam(PageQuery.CURSOR) String cursor,
            @QueryParam(PageQuery.ALIAS) String after,
            @QueryParam(PageQuery.LIMIT) String limit,
            @Context SecurityContext security) {
        PageQuery page = PageQuery.of(cursor, after, limit);
        return reader.messages(
                taskId, Callers.agentId(security), TaskPaging.position(page), page.limit(100, TaskReader.MAX_PAGE));
    }

    /** The task's artifacts in the order they were added, a page after the cursor (a cursor of this list). */
    @GET
    @Path("{taskId}/artifacts")
    public ArtifactPage artifacts(
            @PathParam("taskId") @Pattern(regexp = Ids.TASK_ID, message = TASK_ID_MESSAGE) String taskId,
            @QueryParam(PageQuery.CURSOR) String cursor,
            @QueryParam(PageQuery.ALIAS) String after,
            @QueryParam(PageQuery.LIMIT) String limit,
            @Context SecurityContext security) {
        PageQuery page = PageQuery.of(cursor, after, limit);
        return reader.artifacts(
                taskId, Callers.agentId(security), TaskPaging.position(page), page.limit(100, TaskReader.MAX_PAGE));
    }

    /**
     * Each change runs in its span (SERVER), continuing the caller's trace if its {@code traceparent} says one, as a
     * send does: the event it makes for the other agent carries the trace (docs/TRACING.md).
     */
    @POST
    @Path("{taskId}/status")
    public TaskView.Status changeStatus(
            @PathParam("taskId") @Pattern(regexp = Ids.TASK_ID, message = TASK_ID_MESSAGE) String taskId,
            @Valid @NotNull StatusChangeRequest request,
            @Context SecurityContext security,
            @HeaderParam("traceparent") String traceparent,
            @HeaderParam("tracestate") String tracestate) {
        String caller = Callers.agentId(security);
        return tracing.serve(
                "POST",
                ROUTE + "/status",
                traceparent,
                tracestate,
                () -> lifecycle.changeStatus(
                        taskId,
                        caller,
                        TaskState.fromWireName(request.state()),
                        request.reason(),
                        identity.beforeWriting(caller, () -> reader.counterpart(taskId, caller))),
                status -> OK);
    }

    @POST
    @Path("{taskId}/cancel")
    @Consumes(MediaType.WILDCARD)
    public TaskView.Status cancel(
            @PathParam("taskId") @Pattern(regexp = Ids.TASK_ID, message = TASK_ID_MESSAGE) String taskId,
            String body,
            @Context SecurityContext security,
            @HeaderParam("traceparent") String traceparent,
            @HeaderParam("tracestate") String tracestate) {
        return tracing.serve(
                "POST",
                ROUTE + "/cancel",
                traceparent,
                tracestate,
                () -> lifecycle.cancel(taskId, Callers.agentId(security), cancelReason(body)),
                status -> OK);
    }

    @POST
    @Path("{taskId}/artifacts")
    public Response addArtifact(
            @PathParam("taskId") @Pattern(regexp = Ids.TASK_ID, message = TASK_ID_MESSAGE) String taskId,
            @Valid @NotNull ArtifactRequest request,
            @Context SecurityContext security,
            @HeaderParam("traceparent") String traceparent,
            @HeaderParam("tracestate") String tracestate) {
        return tracing.serve(
                "POST",
                ROUTE + "/artifacts",
                traceparent,
                tracestate,
                () -> addArtifact(taskId, request, Callers.agentId(security)),
                Response::getStatus);
    }

    private Response addArtifact(String taskId, ArtifactRequest request, String caller) {
        TaskLifecycle.ArtifactView artifact = lifecycle.addArtifact(
                taskId,
                caller,
                request.artifactId(),
                request.name(),
                request.parts(),
                identity.beforeWriting(caller, () -> reader.counterpart(taskId, caller)));
        return Response.created(URI.create("tasks/" + taskId)).entity(artifact).build();
    }

    // The body of a cancel is optional: none, or {"reason": "…"} and nothing else.
    private static String cancelReason(String body) {
        JsonObject fields = JsonBodies.optionalObject(body).orElse(JsonValue.EMPTY_JSON_OBJECT);
        fields.keySet().stream()
                .filter(name -> !name.equals("reason"))
                .findFirst()
                .ifPresent(name -> {
                    throw new InvalidRequestException(name, "is not a field of a cancel (only reason is)");
                });
        JsonValue reason = fields.getOrDefault("reason", JsonValue.NULL);
        if (reason == JsonValue.NULL) {
            return null;
        }
        if (!(reason instanceof JsonString text) || text.getString().length() > 500) {
            throw new InvalidRequestException("reason", "must be a text of at most 500 characters");
        }
        return text.getString();
    }
}
