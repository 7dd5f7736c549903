package agentmesh.inbox.boundary;

import agentmesh.inbox.control.InboxReader;
import agentmesh.problem.InvalidRequestException;
import agentmesh.tracing.Tracing;
import agentmesh.web.JsonBodies;
import agentmesh.web.PageQuery;
import agentmesh.web.QueryNumbers;
import agentmesh.web.security.Callers;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonNumber;
import jakarta.json.JsonValue;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.ForbiddenException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;

/**
 * An agent's inbox: long poll, Server-Sent Events, and acknowledgement. Neither a long poll nor a stream holds a
 * server thread while it waits. Without a cursor of its own, a reader resumes after its last ack. One instance serves
 * every request; the caller comes with each call.
 */
@ApplicationScoped
@Path("inbox")
public class InboxResource {

    private static final String ACK_ROUTE = "/mesh/api/v1/inbox/ack";

    @Inject
    InboxReader reader;

    @Inject
    InboxWaiters waiters;

    @Inject
    InboxStreams streams;

    @Inject
    Tracing tracing;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public void poll(
            @QueryParam(PageQuery.CURSOR) String cursor,
            @QueryParam(PageQuery.ALIAS) String after,
            @QueryParam(PageQuery.LIMIT) String limit,
            @QueryParam("wait") String wait,
            @QueryParam("agentId") String agentId,
            @Context SecurityContext security,
            @Suspended AsyncResponse response) {
        PageQuery paging = PageQuery.of(cursor, after, limit);
        String owner = owner(agentId, security);
        InboxQuery query = InboxQuery.of(paging, wait);
        long from = query.after() != null ? query.after() : reader.ackedCursor(owner);
        InboxReader.Look look = reader.look(owner, from, query.limit());
        if (!look.page().events().isEmpty() || query.waitSeconds() == 0) {
            response.resume(look.page());
        } else {
            waiters.await(
                    owner,
                    Callers.tokenHash(security),
                    from,
                    query.limit(),
                    query.waitSeconds(),
                    look.signalsBeforeRead(),
                    response);
        }
    }

    @GET
    @Path("stream")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public void stream(
            @HeaderParam("Last-Event-ID") String lastEventId,
            @QueryParam(PageQuery.CURSOR) String cursor,
            @QueryParam(PageQuery.ALIAS) String after,
            @QueryParam("agentId") String agentId,
            @Context SecurityContext security,
            @Context SseEventSink sink,
            @Context Sse sse,
            @Context HttpServletRequest request) {
        PageQuery page = PageQuery.of(cursor, after, null); // a stream has no pages: no limit
        String owner = owner(agentId, security);
        long from = lastEventId != null
                ? QueryNumbers.parse("Last-Event-ID", lastEventId, 0, Long.MAX_VALUE)
                : page.position() != null ? page.position() : reader.ackedCursor(owner);
        streams.open(owner, Callers.tokenHash(security), from, sink, sse);
        // A stream lasts until its client leaves (the heartbeat finds out) or its token changes, not until the
        // container's default timeout of a suspended request: WildFly's ended streams after about 40 s.
        if (request.isAsyncStarted()) {
            request.getAsyncContext().setTimeout(0);
        }
    }

    @POST
    @Path("ack")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response ack(
            String body,
            @Context SecurityContext security,
            @HeaderParam("traceparent") String traceparent,
            @HeaderParam("tracestate") String tracestate) {
        // Its span (SERVER) continues the reader's trace if it sends one; the settle span is its child.
        return tracing.serve(
                "POST", ACK_ROUTE, traceparent, tracestate, () -> ack(body, security), Response::getStatus);
    }

    private Response ack(String body, SecurityContext security) {
        JsonValue cursor =
                JsonBodies.optionalObject(body).map(o -> o.get("cursor")).orElse(null);
        if (!(cursor instanceof JsonNumber number) || !number.isIntegral() || number.longValue() < 0) {
            throw new InvalidRequestException("cursor", "must be a whole number from 0");
        }
        reader.ack(Callers.agentId(security), number.longValue());
        return Response.noContent().build();
    }

    // The inbox is always the caller's own; naming another agent's is refused rather than ignored.
    private static String owner(String agentId, SecurityContext security) {
        String caller = Callers.agentId(security);
        if (agentId != null && !agentId.equals(caller)) {
            throw new ForbiddenException("An agent reads only its own inbox");
        }
        return caller;
    }
}
