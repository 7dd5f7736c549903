package agentmesh.inbox.boundary;

import agentmesh.inbox.control.DeadLetterView;
import agentmesh.inbox.control.DeadLetters;
import agentmesh.inbox.control.InboxDelivery;
import agentmesh.platform.MeshJson;
import agentmesh.web.QueryNumbers;
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

import java.util.List;
import java.util.Locale;

/** Admin: records the consumer parked, and their replay once the cause is fixed. */
@Path("admin/dead-letters")
@AdminApi
@Produces(MediaType.APPLICATION_JSON)
public class DeadLettersResource {

    @EJB
    DeadLetters deadLetters;

    public record DeadLetterPage(List<DeadLetterView> deadLetters) {
    }

    @GET
    public DeadLetterPage list(
            @QueryParam("status") @DefaultValue("parked") @Pattern(regexp = "parked|replayed",
                    message = "must be parked or replayed") String status,
            @QueryParam("limit") String limit) {
        return new DeadLetterPage(deadLetters.list(status, QueryNumbers.parse("limit", limit, 100, 1, 1000)));
    }

    /** Delivers the record now (its dedup row makes a second delivery impossible) → 202 with the outcome. */
    @POST
    @Path("{id}/replay")
    public Response replay(@PathParam("id") @Min(1) long id) {
        InboxDelivery.Outcome outcome = deadLetters.replay(id);
        return Response.accepted(MeshJson.object().add("id", id)
                .add("outcome", outcome.name().toLowerCase(Locale.ROOT)).build()).build();
    }
}
