package agentmesh.inbox.boundary;

import agentmesh.deadletter.DeadLetterCount;
import agentmesh.deadletter.DeadLetterPage;
import agentmesh.deadletter.DeadLetterReplay;
import agentmesh.inbox.control.DeadLetterView;
import agentmesh.inbox.control.DeadLetters;
import agentmesh.web.PageQuery;
import agentmesh.web.security.AdminApi;
import jakarta.ejb.EJB;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * Admin: records the consumer parked, and their replay once the cause is fixed — the dead-letter contract
 * ({@code agentmesh.deadletter}), with the letters' status to choose from.
 */
@Path("admin/dead-letters")
@AdminApi
@Produces(MediaType.APPLICATION_JSON)
public class DeadLettersResource {

    private static final String STATUSES = "parked|replayed";
    private static final String STATUS_MESSAGE = "must be parked or replayed";

    @EJB
    DeadLetters deadLetters;

    @GET
    public DeadLetterPage<DeadLetterView> list(
            @QueryParam("status") @DefaultValue("parked") @Pattern(regexp = STATUSES, message = STATUS_MESSAGE)
                    String status,
            @QueryParam(PageQuery.CURSOR) String cursor,
            @QueryParam(PageQuery.ALIAS) String after,
            @QueryParam(PageQuery.LIMIT) String limit) {
        PageQuery page = PageQuery.of(cursor, after, limit);
        Long position = page.position();
        return deadLetters.list(
                status,
                position == null ? 0 : position,
                page.limit(DeadLetterPage.DEFAULT_LIMIT, DeadLetterPage.MAX_LIMIT));
    }

    @GET
    @Path("count")
    public DeadLetterCount count(
            @QueryParam("status") @DefaultValue("parked") @Pattern(regexp = STATUSES, message = STATUS_MESSAGE)
                    String status) {
        return deadLetters.count(status);
    }

    /** Delivers the record now (its dedup row makes a second delivery impossible) → 202 with the outcome. */
    @POST
    @Path("{id}/replay")
    public Response replay(@PathParam("id") @Min(1) long id) {
        DeadLetterReplay replay = deadLetters.replay(id);
        return Response.accepted(replay).build();
    }
}
