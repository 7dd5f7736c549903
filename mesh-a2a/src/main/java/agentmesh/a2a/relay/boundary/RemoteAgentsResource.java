package agentmesh.a2a.relay.boundary;

import agentmesh.a2a.relay.control.RemoteAgentAdmin;
import agentmesh.a2a.relay.control.RemoteAgents;
import agentmesh.a2a.relay.entity.DeadLetter;
import agentmesh.agent.control.AgentRegistry;
import agentmesh.agent.control.UnknownAgentException;
import agentmesh.deadletter.DeadLetterCount;
import agentmesh.deadletter.DeadLetterPage;
import agentmesh.problem.InvalidRequestException;
import agentmesh.web.Ids;
import agentmesh.web.JsonBodies;
import agentmesh.web.PageQuery;
import agentmesh.web.security.AdminApi;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * Admin: a registered agent made the mesh's face of an A2A server elsewhere. {@code PUT} with the server's card URL
 * (and the bearer token it wants, kept as a secret: stored sealed, sent to the card's origin only, never returned):
 * the card is fetched and must declare a JSON-RPC interface; from then on the agent's inbox is delivered to that
 * server ({@link RemoteAgentAdmin}). Refused with 400: a card URL or a card endpoint the URL policy does not allow,
 * and a bearer token with an endpoint off the card's origin. {@code GET} shows where
 * the relay stands, {@code DELETE} stops it. Dead letters: the events the server refused, with replay.
 */
@ApplicationScoped
@Path("admin/agents/{agentId}/remote")
@AdminApi
@Produces(MediaType.APPLICATION_JSON)
public class RemoteAgentsResource {

    private static final String ID_MESSAGE = "must be 3-128 characters of [A-Za-z0-9._@-]";

    @EJB
    AgentRegistry registry;

    @Inject
    RemoteAgentAdmin remotes;

    @PUT
    @Consumes(MediaType.WILDCARD)
    public RemoteAgents.View attach(
            @PathParam("agentId") @Pattern(regexp = Ids.AGENT_ID, message = ID_MESSAGE) String agentId, String body) {
        JsonObject fields = JsonBodies.optionalObject(body)
                .orElseThrow(
                        () -> new InvalidRequestException("body", "must be an object with cardUrl (and bearerToken)"));
        fields.keySet().stream()
                .filter(name -> !name.equals("cardUrl") && !name.equals("bearerToken"))
                .findFirst()
                .ifPresent(name -> {
                    throw new InvalidRequestException(name, "is not a field here (cardUrl, bearerToken)");
                });
        String cardUrl = text(fields, "cardUrl", true);
        String secret = text(fields, "bearerToken", false);
        if (secret != null && !isToken(secret)) {
            throw new InvalidRequestException("bearerToken", "must be 1-2000 visible ASCII characters, no spaces");
        }
        if (!registry.exists(agentId)) {
            throw new UnknownAgentException(agentId);
        }
        return remotes.attach(agentId, cardUrl, secret);
    }

    @GET
    public RemoteAgents.View view(
            @PathParam("agentId") @Pattern(regexp = Ids.AGENT_ID, message = ID_MESSAGE) String agentId) {
        return remotes.view(agentId).orElseThrow(() -> new NotFoundException(agentId + " is no remote agent"));
    }

    @DELETE
    public Response detach(@PathParam("agentId") @Pattern(regexp = Ids.AGENT_ID, message = ID_MESSAGE) String agentId) {
        if (!remotes.detach(agentId)) {
            throw new NotFoundException(agentId + " is no remote agent");
        }
        return Response.noContent().build();
    }

    @GET
    @Path("dead-letters")
    public DeadLetterPage<DeadLetter> deadLetters(
            @PathParam("agentId") @Pattern(regexp = Ids.AGENT_ID, message = ID_MESSAGE) String agentId,
            @QueryParam(PageQuery.CURSOR) String cursor,
            @QueryParam(PageQuery.ALIAS) String after,
            @QueryParam(PageQuery.LIMIT) String limit) {
        PageQuery page = PageQuery.of(cursor, after, limit);
        return remotes.deadLetters()
                .list(agentId, page.position(), page.limit(DeadLetterPage.DEFAULT_LIMIT, DeadLetterPage.MAX_LIMIT));
    }

    @GET
    @Path("dead-letters/count")
    public DeadLetterCount countDeadLetters(
            @PathParam("agentId") @Pattern(regexp = Ids.AGENT_ID, message = ID_MESSAGE) String agentId) {
        return remotes.deadLetters().count(agentId);
    }

    /** Delivers the parked event now, out of its turn → 202 with the outcome (delivered, refused, unreachable). */
    @POST
    @Path("dead-letters/{id}/replay")
    @Consumes(MediaType.WILDCARD)
    public Response replay(
            @PathParam("agentId") @Pattern(regexp = Ids.AGENT_ID, message = ID_MESSAGE) String agentId,
            @PathParam("id") @Min(1) long id) {
        return DeadLetterReplays.accepted(remotes.deadLetters().replay(agentId, id));
    }

    // What an HTTP header takes, and what bearer tokens are made of: visible ASCII, no space.
    private static boolean isToken(String secret) {
        return secret.chars().allMatch(c -> c >= 0x21 && c <= 0x7E);
    }

    private static String text(JsonObject fields, String name, boolean required) {
        JsonValue value = fields.get(name);
        if (value == null || value == JsonValue.NULL) {
            if (required) {
                throw new InvalidRequestException(name, "is required");
            }
            return null;
        }
        if (!(value instanceof JsonString text)
                || text.getString().isBlank()
                || text.getString().length() > 2000) {
            throw new InvalidRequestException(name, "must be a text of 1-2000 characters");
        }
        return text.getString();
    }
}
