package agentmesh.testfaults.boundary;

import agentmesh.json.MeshJson;
import agentmesh.testfaults.DeliveryFaults;
import agentmesh.web.Ids;
import agentmesh.web.security.AdminApi;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * Test only ({@code mesh.test.faults=true}): poison an event's delivery, cure it, make the consumer crash once
 * between a delivery's commit and its offset commit (and see whether it has), or hold the consumer and let it go.
 * 404 on a server without test faults.
 */
@Path("admin/test-faults")
@AdminApi
public class DeliveryFaultsResource {

    @Inject
    DeliveryFaults faults;

    @PUT
    @Path("delivery/{eventId}")
    public Response poison(@PathParam("eventId") @Pattern(regexp = Ids.MESSAGE_ID) String eventId) {
        requireEnabled();
        faults.poison(eventId);
        return Response.noContent().build();
    }

    @DELETE
    @Path("delivery/{eventId}")
    public Response cure(@PathParam("eventId") @Pattern(regexp = Ids.MESSAGE_ID) String eventId) {
        requireEnabled();
        faults.cure(eventId);
        return Response.noContent().build();
    }

    @POST
    @Path("consumer-crash")
    public Response crashConsumerOnce() {
        requireEnabled();
        faults.crashBeforeNextOffsetCommit();
        return Response.noContent().build();
    }

    /** {@code {"armed": n}}: crashes asked for that have not happened yet (a chaos run waits for 0). */
    @GET
    @Path("consumer-crash")
    @Produces(MediaType.APPLICATION_JSON)
    public JsonObject armedCrashes() {
        requireEnabled();
        return MeshJson.object().add("armed", faults.armedCrashes()).build();
    }

    /** The consumer stays in its group and delivers nothing until released (the drain benchmark's dispatcher). */
    @PUT
    @Path("consumer-hold")
    public Response holdConsumer() {
        requireEnabled();
        faults.holdConsumer(true);
        return Response.noContent().build();
    }

    @DELETE
    @Path("consumer-hold")
    public Response releaseConsumer() {
        requireEnabled();
        faults.holdConsumer(false);
        return Response.noContent().build();
    }

    private void requireEnabled() {
        if (!faults.enabled()) {
            throw new NotFoundException();
        }
    }
}
