package agentmesh.messaging.boundary;

import agentmesh.agent.control.AgentRegistry;
import agentmesh.agent.control.NotInContactException;
import agentmesh.agent.control.UnknownAgentException;
import agentmesh.identity.control.GuardedIdentity;
import agentmesh.messaging.control.MessageIds;
import agentmesh.messaging.control.MessageSender;
import agentmesh.messaging.control.SendCommand;
import agentmesh.messaging.control.SendResult;
import agentmesh.web.security.Callers;
import jakarta.ejb.EJB;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriBuilder;

import java.time.Clock;
import java.util.Objects;

/** {@code POST /messages}: an agent sends a message; the answer comes once it is durably accepted. */
@Path("messages")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class MessagesResource {

    @EJB
    MessageSender sender;

    @EJB
    AgentRegistry agents;

    @Inject
    GuardedIdentity identity;

    @Inject
    Clock clock;

    @Context
    SecurityContext security;

    @POST
    public Response send(@Valid @NotNull SendMessageRequest request) {
        String from = Callers.agentId(security);
        // Checked before the send's transaction: a slow identity service must not hold the task's row lock.
        if (!agents.exists(request.to())) {
            throw new UnknownAgentException(request.to());
        }
        if (!identity.mayTalk(from, request.to())) {
            throw new NotInContactException(from, request.to());
        }
        String messageId = Objects.requireNonNullElseGet(request.messageId(), () -> MessageIds.generate(from, clock));
        SendResult result = sender.send(new SendCommand(from, messageId, request.to(), request.taskId(),
                request.contextId(), request.parts()));
        if (result.replayed()) {
            return Response.ok(result.message()).build();
        }
        return Response.created(UriBuilder.fromPath("tasks/{taskId}").build(result.message().taskId()))
                .entity(result.message()).build();
    }
}
