package agentmesh.messaging.boundary;

import agentmesh.agent.control.ContactCheck;
import agentmesh.identity.control.IdentityCheck;
import agentmesh.messaging.control.MessageIds;
import agentmesh.messaging.control.MessageSender;
import agentmesh.messaging.control.SendCommand;
import agentmesh.messaging.control.SendResult;
import agentmesh.tracing.Tracing;
import agentmesh.web.security.Callers;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.net.URI;
import java.time.Clock;
import java.util.Objects;

/**
 * {@code POST /messages}: an agent sends a message; the answer comes once it is durably accepted. One instance
 * serves every request (the caller comes with each call), so a send builds and injects nothing.
 */
@ApplicationScoped
@Path("messages")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class MessagesResource {

    private static final String ROUTE = "/mesh/api/v1/messages";

    @Inject
    MessageSender sender;

    @Inject
    IdentityCheck identity;

    @Inject
    Clock clock;

    @Inject
    Tracing tracing;

    /**
     * The send's span (SERVER; HTTP and transaction), continuing the sender's trace if its {@code traceparent} says
     * one; the message and its event are stored in its context (docs/TRACING.md).
     */
    @POST
    public Response send(
            @Valid @NotNull SendMessageRequest request,
            @Context SecurityContext security,
            @HeaderParam("traceparent") String traceparent,
            @HeaderParam("tracestate") String tracestate) {
        return tracing.serve(
                "POST", ROUTE, traceparent, tracestate, () -> send(request, security), Response::getStatus);
    }

    private Response send(SendMessageRequest request, SecurityContext security) {
        String from = Callers.agentId(security);
        ContactCheck contactCheck = identity.beforeWriting(from, request.to());
        String messageId = Objects.requireNonNullElseGet(request.messageId(), () -> MessageIds.generate(from, clock));
        SendResult result = sender.send(new SendCommand(
                from, messageId, request.to(), request.taskId(), request.contextId(), request.parts(), contactCheck));
        if (result.replayed()) {
            return Response.ok(result.message()).build();
        }
        return Response.created(URI.create("tasks/" + result.message().taskId()))
                .entity(result.message())
                .build();
    }
}
