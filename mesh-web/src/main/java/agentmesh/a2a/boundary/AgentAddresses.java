package agentmesh.a2a.boundary;

import agentmesh.web.origin.ClientOrigin;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.net.URI;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where a mesh agent is, as an A2A client reaches it. Every agent is at its path, {@code {mesh}/a2a/{agentId}}. An
 * agent whose id is a lowercase DNS label (3-63 of {@code [a-z0-9-]}, no hyphen at either end) is also at its own
 * host when {@code mesh.a2a.host-pattern} is set ({@code {agent}.agents.example.com}), and
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
    private static final Pattern HOST_LABEL = Pattern.compile("[a-z0-9][a-z0-9-]{1,61}[a-z0-9]");

    @Inject
    ClientOrigin origin;

    @Inject
    @ConfigProperty(name = "mesh.a2a.host-pattern")
    Optional<String> hostPattern;

    /**
     * The agent's address as its card, asked for by this request, gives it: the origin the card was asked at (the
     * agent's host, or the server's root), else its path.
     */
    public String cardAddress(String agentId, HttpServletRequest request) {
        Object servedAt = request.getAttribute(SERVED_AT);
        if (AT_AGENT_HOST.equals(servedAt)) {
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
        String address = hostOf(agentId).map(host -> withHost(origin.rootOrigin(request), host))
                .orElseGet(() -> pathAddress(agentId, request));
        return address + "/.well-known/agent-card.json";
    }

    /** The agent's own host name; empty without a host pattern, or when its id is no host label. */
    Optional<String> hostOf(String agentId) {
        return hostPattern.map(pattern -> pattern.strip().toLowerCase(Locale.ROOT))
                .filter(pattern -> pattern.contains(AGENT) && HOST_LABEL.matcher(agentId).matches())
                .map(pattern -> pattern.replace(AGENT, agentId));
    }

    private String pathAddress(String agentId, HttpServletRequest request) {
        return origin.publicBase(request) + "/a2a/" + agentId;
    }

    private static String withHost(String rootOrigin, String host) {
        URI root = URI.create(rootOrigin);
        return root.getScheme() + "://" + host + (root.getPort() < 0 ? "" : ":" + root.getPort());
    }
}
