package agentmesh.agent.boundary;

import agentmesh.a2a.boundary.AgentAddresses;
import agentmesh.agent.control.AgentView;
import agentmesh.agent.control.Contacts;
import agentmesh.web.Ids;
import agentmesh.web.PageQuery;
import agentmesh.web.security.Callers;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;
import java.util.List;

/**
 * {@code GET /agents}: the agents the caller may talk to (its contacts), each with the URL of its A2A card, so that
 * an agent finds the others without being told their addresses. Paged in id order like the admin's listing
 * ({@link PageQuery}).
 */
@ApplicationScoped
@Path("agents")
public class ContactsResource {

    /** An agent the caller may talk to, and where its A2A card is. */
    public record ListedContact(String agentId, String displayName, String card) {}

    /** A page of them; {@code nextCursor} (the last id) fetches the next page, null on the last one. */
    public record ContactPage(List<ListedContact> agents, String nextCursor) {}

    @EJB
    Contacts contacts;

    @Inject
    AgentAddresses addresses;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public ContactPage list(
            @QueryParam(PageQuery.CURSOR) String cursor,
            @QueryParam(PageQuery.ALIAS) String after,
            @QueryParam(PageQuery.LIMIT) String limit,
            @Context SecurityContext security,
            @Context HttpServletRequest request) {
        PageQuery paging = PageQuery.of(cursor, after, limit);
        int most = paging.limit(100, 200);
        List<AgentView> page = contacts.of(Callers.agentId(security), paging.cursor(Ids.AGENT_ID), most);
        List<ListedContact> listed = page.stream()
                .map(agent -> new ListedContact(
                        agent.agentId(), agent.displayName(), addresses.cardUrl(agent.agentId(), request)))
                .toList();
        return new ContactPage(
                listed, page.size() < most ? null : page.get(page.size() - 1).agentId());
    }
}
