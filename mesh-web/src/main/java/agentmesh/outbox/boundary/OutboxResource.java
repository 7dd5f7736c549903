package agentmesh.outbox.boundary;

import agentmesh.deadletter.DeadLetterCount;
import agentmesh.deadletter.DeadLetterPage;
import agentmesh.outbox.control.OutboxAdmin;
import agentmesh.outbox.control.OutboxEventView;
import agentmesh.outbox.entity.OutboxStatus;
import agentmesh.web.PageQuery;
import agentmesh.web.QueryNumbers;
import agentmesh.web.security.AdminApi;
import jakarta.ejb.EJB;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Locale;

/**
 * Admin: look into the outbox, and put dead events back — by status and id ({@code ?status=}, {@code {id}/retry}), or
 * as the outbox's dead-letter store under the contract every store has ({@code dead-letters}: list, count, replay).
 */
@Path("admin/outbox")
@AdminApi
@Produces(MediaType.APPLICATION_JSON)
public class OutboxResource {

    @EJB
    OutboxAdmin outbox;

    public record OutboxPage(List<OutboxEventView> events) {}

    @GET
    public OutboxPage list(
            @QueryParam("status")
                    @NotNull
                    @Pattern(regexp = "pending|sent|failed", message = "must be pending, sent or failed")
                    String status,
            @QueryParam("limit") String limit) {
        return new OutboxPage(outbox.list(
                OutboxStatus.valueOf(status.toUpperCase(Locale.ROOT)),
                QueryNumbers.parse("limit", limit, 100, 1, 1000)));
    }

    @GET
    @Path("dead-letters")
    public DeadLetterPage<OutboxEventView> deadLetters(
            @QueryParam(PageQuery.CURSOR) String cursor,
            @QueryParam(PageQuery.ALIAS) String after,
            @QueryParam(PageQuery.LIMIT) String limit) {
        PageQuery page = PageQuery.of(cursor, after, limit);
        Long position = page.position();
        return outbox.deadLetters(
                position == null ? 0 : position, page.limit(DeadLetterPage.DEFAULT_LIMIT, DeadLetterPage.MAX_LIMIT));
    }

    @GET
    @Path("dead-letters/count")
    public DeadLetterCount countDeadLetters() {
        return outbox.countDead();
    }

    /** Puts the dead event back to be published → 202 {@code {"id","outcome":"requeued"}}. */
    @POST
    @Path("dead-letters/{id}/replay")
    public Response replay(@PathParam("id") @Min(1) long id) {
        return Response.accepted(outbox.replay(id)).build();
    }

    @POST
    @Path("{id}/retry")
    public Response retry(@PathParam("id") @Min(1) long id) {
        return Response.accepted(outbox.retry(id)).build();
    }
}
