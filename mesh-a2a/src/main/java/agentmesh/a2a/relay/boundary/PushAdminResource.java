package agentmesh.a2a.relay.boundary;

import agentmesh.a2a.relay.control.PushAdmin;
import agentmesh.a2a.relay.control.PushConfigs;
import agentmesh.a2a.relay.entity.DeadLetter;
import agentmesh.deadletter.DeadLetterCount;
import agentmesh.deadletter.DeadLetterPage;
import agentmesh.web.Ids;
import agentmesh.web.PageQuery;
import agentmesh.web.security.AdminApi;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;

/**
 * Admin: an agent's A2A push notification configs (as a client) — where each stands, never its secrets — and the
 * updates its webhooks would not take, with replay: the same contract as a remote agent's dead letters
 * ({@code RelayDeadLetters} through {@link PushAdmin}).
 */
@ApplicationScoped
@Path("admin/agents/{agentId}/push")
@AdminApi
@Produces(MediaType.APPLICATION_JSON)
public class PushAdminResource {

    private static final String ID_MESSAGE = "must be 3-128 characters of [A-Za-z0-9._@-]";

    @Inject
    PushAdmin pushes;

    public record ConfigPage(List<PushConfigs.View> configs) {}

    @GET
    public ConfigPage configs(
            @PathParam("agentId") @Pattern(regexp = Ids.AGENT_ID, message = ID_MESSAGE) String agentId) {
        return new ConfigPage(pushes.configs(agentId));
    }

    @GET
    @Path("dead-letters")
    public DeadLetterPage<DeadLetter> deadLetters(
            @PathParam("agentId") @Pattern(regexp = Ids.AGENT_ID, message = ID_MESSAGE) String agentId,
            @QueryParam(PageQuery.CURSOR) String cursor,
            @QueryParam(PageQuery.ALIAS) String after,
            @QueryParam(PageQuery.LIMIT) String limit) {
        PageQuery page = PageQuery.of(cursor, after, limit);
        return pushes.deadLetters()
                .list(agentId, page.position(), page.limit(DeadLetterPage.DEFAULT_LIMIT, DeadLetterPage.MAX_LIMIT));
    }

    @GET
    @Path("dead-letters/count")
    public DeadLetterCount countDeadLetters(
            @PathParam("agentId") @Pattern(regexp = Ids.AGENT_ID, message = ID_MESSAGE) String agentId) {
        return pushes.deadLetters().count(agentId);
    }

    /** Pushes the parked update now, out of its turn → 202 with the outcome. */
    @POST
    @Path("dead-letters/{id}/replay")
    @Consumes(MediaType.WILDCARD)
    public Response replay(
            @PathParam("agentId") @Pattern(regexp = Ids.AGENT_ID, message = ID_MESSAGE) String agentId,
            @PathParam("id") @Min(1) long id) {
        return DeadLetterReplays.accepted(pushes.deadLetters().replay(agentId, id));
    }
}
