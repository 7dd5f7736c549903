package agentmesh.agent.boundary;

import agentmesh.agent.control.AgentDescription;
import agentmesh.agent.control.AgentDirectory;
import agentmesh.agent.control.AgentOrder;
import agentmesh.agent.control.AgentPage;
import agentmesh.agent.control.AgentRegistry;
import agentmesh.agent.control.AgentView;
import agentmesh.agent.control.Contacts;
import agentmesh.agent.control.RegisteredAgent;
import agentmesh.problem.InvalidRequestException;
import agentmesh.web.Ids;
import agentmesh.web.JsonBodies;
import agentmesh.web.PageQuery;
import agentmesh.web.security.AdminApi;
import jakarta.ejb.EJB;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import java.util.Locale;
import java.util.Set;

/** Admin: registers agents and says who may talk to whom. */
@Path("admin/agents")
@AdminApi
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class AgentsResource {

    private static final String ID_MESSAGE = "must be 3-128 characters of [A-Za-z0-9._@-]";
    private static final Set<String> CARD_FIELDS = Set.of("description", "skills", "hostLabel");
    private static final String OPAQUE_CURSOR = "[A-Za-z0-9_-]{1,400}";

    @EJB
    AgentRegistry registry;

    @EJB
    Contacts contacts;

    @EJB
    AgentDirectory directory;

    @POST
    public Response register(@Valid @NotNull RegisterAgentRequest request) {
        RegisteredAgent agent = registry.register(request.agentId(), request.displayName());
        return Response.created(UriBuilder.fromPath("admin/agents/{id}").build(agent.agentId()))
                .entity(agent)
                .build();
    }

    /**
     * A page of agents, in id order or most recently active first ({@code order=id|activity}), optionally only those
     * whose id contains {@code idContains}.
     */
    @GET
    public AgentPage list(
            @QueryParam(PageQuery.CURSOR) String cursor,
            @QueryParam(PageQuery.ALIAS) String after,
            @QueryParam(PageQuery.LIMIT) String limit,
            @QueryParam("idContains")
                    @Pattern(regexp = "[A-Za-z0-9._@-]{1,128}", message = "must be 1-128 characters of [A-Za-z0-9._@-]")
                    String idContains,
            @QueryParam("order")
                    @DefaultValue("id")
                    @Pattern(regexp = "id|activity", message = "must be id or activity")
                    String order) {
        PageQuery page = PageQuery.of(cursor, after, limit);
        AgentOrder agentOrder = AgentOrder.valueOf(order.toUpperCase(Locale.ROOT));
        return directory.list(
                idContains,
                agentOrder,
                page.cursor(agentOrder == AgentOrder.ID ? Ids.AGENT_ID : OPAQUE_CURSOR),
                page.limit(100, 500));
    }

    @GET
    @Path("{agentId}")
    public AgentView get(@PathParam("agentId") @Pattern(regexp = Ids.AGENT_ID, message = ID_MESSAGE) String agentId) {
        return registry.view(agentId);
    }

    /** What the agent's A2A card says about it: {@code {"agentId","displayName","description","skills"}}. */
    @GET
    @Path("{agentId}/card")
    public AgentDescription card(
            @PathParam("agentId") @Pattern(regexp = Ids.AGENT_ID, message = ID_MESSAGE) String agentId) {
        return registry.description(agentId);
    }

    /**
     * Sets what the agent's A2A card says about it: {@code {"description":"…","skills":[{"id","name","description",
     * "tags":[…],"examples":[…]}],"hostLabel":"…"}}, all replaced at once (an absent field clears it); the host label
     * names the agent's own host under {@code mesh.a2a.host-pattern} when its id is no DNS label.
     */
    @PUT
    @Path("{agentId}/card")
    public AgentDescription describe(
            @PathParam("agentId") @Pattern(regexp = Ids.AGENT_ID, message = ID_MESSAGE) String agentId, String body) {
        JsonObject fields = JsonBodies.optionalObject(body)
                .orElseThrow(
                        () -> new InvalidRequestException("body", "must be an object with description and skills"));
        fields.keySet().stream()
                .filter(name -> !CARD_FIELDS.contains(name))
                .findFirst()
                .ifPresent(name -> {
                    throw new InvalidRequestException(
                            name, "is not a field of a card (description, skills," + " hostLabel)");
                });
        JsonValue skills = fields.getOrDefault("skills", JsonValue.EMPTY_JSON_ARRAY);
        if (!(skills instanceof JsonArray skillList)) {
            throw new InvalidRequestException("skills", "must be an array of skills");
        }
        return registry.describe(
                agentId, optionalText(fields, "description"), skillList, optionalText(fields, "hostLabel"));
    }

    private static String optionalText(JsonObject fields, String name) {
        JsonValue value = fields.getOrDefault(name, JsonValue.NULL);
        if (value != JsonValue.NULL && !(value instanceof JsonString)) {
            throw new InvalidRequestException(name, "must be a text");
        }
        return value == JsonValue.NULL ? null : ((JsonString) value).getString();
    }

    /** A new token for the agent; the old one stops working at once. */
    @POST
    @Path("{agentId}/token")
    public RegisteredAgent rotateToken(
            @PathParam("agentId") @Pattern(regexp = Ids.AGENT_ID, message = ID_MESSAGE) String agentId) {
        return registry.rotateToken(agentId);
    }

    /**
     * Disables the agent: its tokens (its mesh token and its JWTs) are refused with 401 and what they opened ends, on
     * every instance; messages to it are still accepted. 204 whether or not it was disabled already.
     */
    @POST
    @Path("{agentId}/disable")
    public Response disable(
            @PathParam("agentId") @Pattern(regexp = Ids.AGENT_ID, message = ID_MESSAGE) String agentId) {
        registry.disable(agentId);
        return Response.noContent().build();
    }

    /** Enables a disabled agent again: its mesh token works again, and its JWTs issued after the disable. */
    @POST
    @Path("{agentId}/enable")
    public Response enable(@PathParam("agentId") @Pattern(regexp = Ids.AGENT_ID, message = ID_MESSAGE) String agentId) {
        registry.enable(agentId);
        return Response.noContent().build();
    }

    @POST
    @Path("{a}/contacts/{b}")
    public Response allow(
            @PathParam("a") @Pattern(regexp = Ids.AGENT_ID, message = ID_MESSAGE) String a,
            @PathParam("b") @Pattern(regexp = Ids.AGENT_ID, message = ID_MESSAGE) String b) {
        contacts.allow(a, b);
        return Response.noContent().build();
    }

    @DELETE
    @Path("{a}/contacts/{b}")
    public Response revoke(
            @PathParam("a") @Pattern(regexp = Ids.AGENT_ID, message = ID_MESSAGE) String a,
            @PathParam("b") @Pattern(regexp = Ids.AGENT_ID, message = ID_MESSAGE) String b) {
        contacts.revoke(a, b);
        return Response.noContent().build();
    }
}
