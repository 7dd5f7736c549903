package agentmesh.a2a.origin;

import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which agent, if any, a request at the server's root is for:
 * <ul>
 * <li>a Host that fits {@code mesh.a2a.host-pattern} is that agent's origin: every path there is the agent's
 *     ({@code /} its JSON-RPC endpoint, {@code /.well-known/agent-card.json} its card, {@code /message:send},
 *     {@code /tasks/…} its HTTP+JSON binding);</li>
 * <li>any other Host: with {@code mesh.a2a.default-agent} set, the card and the A2A endpoints at the root are that
 *     agent's (the card, a POST to {@code /}, and the HTTP+JSON routes); everything else is the server's.</li>
 * </ul>
 * Only paths of plain characters are forwarded ({@code A-Z a-z 0-9 . _ ~ : @ -} and {@code /}, no dot segments):
 * the mesh's ids are of those, and such a path means the same escaped or not, so it cannot leave the agent's
 * address once the container normalises it.
 */
final class OriginRoutes {

    private static final Pattern PLAIN_PATH = Pattern.compile("(/[A-Za-z0-9._~:@-]*)+");
    private static final Pattern DOT_SEGMENT = Pattern.compile("/\\.{1,2}(/|$)");
    private static final Set<String> ROOT_ROUTES = Set.of(
            "/.well-known/agent-card.json",
            "/.well-known/agent.json",
            "/message:send",
            "/message:stream",
            "/tasks",
            "/extendedAgentCard");

    private final Optional<HostPattern> hostPattern;
    private final Optional<String> defaultAgent;

    OriginRoutes(Optional<HostPattern> hostPattern, Optional<String> defaultAgent) {
        this.hostPattern = hostPattern;
        this.defaultAgent = defaultAgent;
    }

    /**
     * The route of a request.
     *
     * @param host   the host the client addressed (the Host header's name, without the port)
     * @param method the HTTP method
     * @param path   the path below the root, as sent (not decoded), {@code /} at least
     */
    OriginRoute route(String host, String method, String path) {
        Optional<String> hostAgent = hostPattern.flatMap(pattern -> pattern.agentOf(host));
        if (hostAgent.isPresent()) {
            return isPlain(path)
                    ? toAgent(hostAgent.get(), path, OriginRoute.ServedAt.AGENT_HOST)
                    : new OriginRoute.NotAnAgentPath();
        }
        if (defaultAgent.isPresent() && isPlain(path) && isRootA2aRoute(method, path)) {
            return toAgent(defaultAgent.get(), path, OriginRoute.ServedAt.SERVER_ROOT);
        }
        return new OriginRoute.PassOn();
    }

    private static OriginRoute toAgent(String agent, String path, OriginRoute.ServedAt servedAt) {
        return new OriginRoute.ToAgent(agent, "/a2a/" + agent + (path.equals("/") ? "" : path), servedAt);
    }

    // The root's JSON-RPC endpoint only for POST: a GET of / stays the server's (a welcome page, or nothing).
    private static boolean isRootA2aRoute(String method, String path) {
        return (path.equals("/") && method.equals("POST")) || ROOT_ROUTES.contains(path) || path.startsWith("/tasks/");
    }

    private static boolean isPlain(String path) {
        return PLAIN_PATH.matcher(path).matches() && !DOT_SEGMENT.matcher(path).find();
    }
}
