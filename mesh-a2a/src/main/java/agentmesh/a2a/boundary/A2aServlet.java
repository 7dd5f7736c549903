package agentmesh.a2a.boundary;

import agentmesh.agent.control.AgentDescription;
import agentmesh.agent.control.AgentRegistry;
import agentmesh.web.ProblemResponses;
import agentmesh.web.security.Caller;
import agentmesh.web.security.oidc.IdentityProvider;
import jakarta.ejb.EJB;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The A2A facade, {@code /mesh/a2a/{agentId}}: every registered agent is an A2A agent there (and at an origin of its
 * own when the root module forwards its requests here: its card then names that origin, {@link AgentAddresses}).
 * Its card is public; everything else needs the calling agent's own bearer token, checked, rate-limited and admitted
 * at the door as on the mesh API ({@link agentmesh.web.limits.AgentGate}). This servlet finds the agent and the
 * caller and serves the card; the bindings do the rest: JSON-RPC 2.0 posted to the agent's address
 * ({@link JsonRpcBinding}, A2A 1.0 and 0.3 methods), the HTTP+JSON binding of 1.0 below it ({@link RestBinding}),
 * both over one dispatch of the operations ({@link A2aDispatch}).
 */
@WebServlet(urlPatterns = "/a2a/*", asyncSupported = true)
public class A2aServlet extends HttpServlet {

    private static final Logger LOG = Logger.getLogger(A2aServlet.class.getName());
    private static final Pattern ADDRESS = Pattern.compile("/([A-Za-z0-9._@-]{3,128})(/.*)?");

    @EJB
    AgentRegistry registry;

    @Inject
    JsonRpcBinding jsonRpc;

    @Inject
    RestBinding rest;

    @Inject
    CardCache cards;

    @Inject
    AgentAddresses addresses;

    @Inject
    IdentityProvider identityProvider;

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Matcher address = ADDRESS.matcher(request.getPathInfo() == null ? "" : request.getPathInfo());
        if (!address.matches()) {
            ProblemResponses.write(response, 404, "not-found", "Not found", "A2A addresses are /a2a/{agentId}");
            return;
        }
        String agent = address.group(1);
        if (AgentAddresses.atAgentHost(request)) {
            // The root module forwards an agent's host with its label in the agent's place.
            Optional<String> atHost = cards.agentAtHost(agent);
            if (atHost.isEmpty()) {
                ProblemResponses.write(response, 404, "unknown-agent", "Unknown agent", "No agent at this host");
                return;
            }
            agent = atHost.get();
        }
        String route = address.group(2) == null ? "" : address.group(2);
        if (route.equals("/.well-known/agent-card.json") || route.equals("/.well-known/agent.json")) {
            card(agent, request, response);
            return;
        }
        Caller caller = (Caller) request.getAttribute(Caller.class.getName()); // found by AgentGate
        if (caller == null || caller.admin()) {
            ProblemResponses.write(
                    response,
                    403,
                    "forbidden",
                    "Forbidden",
                    "A2A calls are made with an agent's own token: the caller is that agent");
            return;
        }
        if (!registry.exists(agent)) {
            ProblemResponses.write(response, 404, "unknown-agent", "Unknown agent", "No agent " + agent);
            return;
        }
        if (route.isEmpty() || route.equals("/")) {
            jsonRpc.serve(caller, agent, request, response);
        } else {
            rest.serve(caller, agent, route, request, response);
        }
    }

    private void card(String agent, HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!request.getMethod().equals("GET")) {
            ProblemResponses.write(response, 405, "method-not-allowed", "Method not allowed", "The card is read");
            return;
        }
        Optional<AgentDescription> description;
        try {
            description = cards.description(agent);
        } catch (RuntimeException e) {
            // The database failed (a connection lost, restarting): a 503 to retry, not the container's HTML 500.
            LOG.log(Level.FINE, "The card of " + agent + " could not be read", e);
            response.setHeader("Retry-After", "1");
            ProblemResponses.write(
                    response,
                    503,
                    "service-unavailable",
                    "Service unavailable",
                    "The card could not be read now; retry in 1 s");
            return;
        }
        if (description.isEmpty()) {
            ProblemResponses.write(response, 404, "unknown-agent", "Unknown agent", "No agent " + agent);
            return;
        }
        // The cache holds descriptions only; URLs are made per request, so no request's Host reaches another's card.
        String base = addresses.cardAddress(agent, request);
        response.setHeader("Cache-Control", "max-age=60");
        response.setHeader("Vary", A2aRequests.VERSION_HEADER);
        A2aResponses.json(
                response,
                200,
                AgentCards.card(description.get(), base, cardView(request), identityProvider.discoveryDocument()));
    }

    // The card is read before a version is negotiated, and lists the versions spoken: a version this facade does
    // not speak is answered with the 1.0 card, whose interfaces say what it does speak.
    private AgentCards.View cardView(HttpServletRequest request) {
        try {
            return AgentCards.View.of(A2aVersion.requested(A2aRequests.versionAsked(request)), cards.unversionedView());
        } catch (A2aError e) {
            return AgentCards.View.V1_0;
        }
    }
}
