package agentmesh.a2a.boundary;

import agentmesh.agent.control.AgentDescription;
import agentmesh.web.origin.ClientOrigin;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.util.Locale;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Where a mesh agent is, as an A2A client reaches it. Every agent is at its path, {@code {mesh}/a2a/{agentId}}. An
 * agent is also at its own host when {@code mesh.a2a.host-pattern} is set ({@code {agent}.agents.example.com}),
 * the pattern with the host label an admin gave it, else with its id when that is a lowercase DNS label (3-63 of
 * {@code [a-z0-9-]}, no hyphen at either end); and
 * {@code mesh.a2a.default-agent} is also at the server's root. The root module (mesh-root) serves those two by
 * forwarding here, and names the origin it served in the request attribute {@value #SERVED_AT}, with the values of
 * its {@code OriginRoute.ServedAt}; the two modules share no classes, so the names are repeated here.
 */
@ApplicationScoped
public class AgentAddresses {

    static final String SERVED_AT = "agentmesh.a2a.origin";
    private static final String AT_AGENT_HOST = "agent-host";
    private static final String AT_SERVER_ROOT = "server-root";
    private static final String AGENT = "{agent}";

    @Inject
    ClientOrigin origin;

    @Inject
    CardCache cards;

    @Inject
    @ConfigProperty(name = "mesh.a2a.host-pattern")
    Optional<String> hostPattern;

    /**
     * The agent's address as its card, asked for by this request, gives it: the origin the card was asked at (the
     * agent's host, or the server's root), else its path.
     */
    public String cardAddress(String agentId, HttpServletRequest request) {
        Object servedAt = request.getAttribute(SERVED_AT);
        if (atAgentHost(request)) {
            return origin.agentHostOrigin(request);
        }
        if (AT_SERVER_ROOT.equals(servedAt)) {
            return origin.rootOrigin(request);
        }
        return pathAddress(agentId, request);
    }

    /**
     * The URL of the agent's card, as a listing hands it out: at the agent's own host when it has one (with the
     * scheme and port of {@link ClientOrigin#rootOrigin}), else below its path.
     */
    public String cardUrl(String agentId, HttpServletRequest request) {
        String hostLabel =
                cards.description(agentId).map(AgentDescription::hostLabel).orElse(null);
        String address = hostOf(agentId, hostLabel)
                .map(host -> withHost(origin.rootOrigin(request), host))
                .orElseGet(() -> pathAddress(agentId, request));
        return address + "/.well-known/agent-card.json";
    }

    /**
     * The agent's own host name: the pattern with the label an admin gave it, else with its id; empty without a host
     * pattern, or when it has no label and its id is none.
     */
    Optional<String> hostOf(String agentId, String hostLabel) {
        String label = hostLabel != null ? hostLabel : agentId;
        return hostPattern
                .map(pattern -> pattern.strip().toLowerCase(Locale.ROOT))
                .filter(pattern -> pattern.contains(AGENT)
                        && AgentDescription.HOST_LABEL.matcher(label).matches())
                .map(pattern -> pattern.replace(AGENT, label));
    }

    /** Whether the request came in at an agent's own host, whose label is then the address's agent segment. */
    static boolean atAgentHost(HttpServletRequest request) {
        return AT_AGENT_HOST.equals(request.getAttribute(SERVED_AT));
    }

    private String pathAddress(String agentId, HttpServletRequest request) {
        return origin.publicBase(request) + "/a2a/" + agentId;
    }

    private static String withHost(String rootOrigin, String host) {
        URI root = URI.create(rootOrigin);
        return root.getScheme() + "://" + host + (root.getPort() < 0 ? "" : ":" + root.getPort());
    }
}
