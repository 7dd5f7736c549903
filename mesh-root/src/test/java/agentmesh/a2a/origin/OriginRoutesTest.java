package agentmesh.a2a.origin;

import static org.junit.jupiter.api.Assertions.assertEquals;

import agentmesh.a2a.origin.OriginRoute.ServedAt;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OriginRoutesTest {

    private static final String HOST = "bob.agents.example.com";
    private static final String MESH = "mesh.example.com";

    private final OriginRoutes both = new OriginRoutes(
            Optional.of(HostPattern.parse("{agent}.agents.example.com")), Optional.of("front-desk@example"));
    private final OriginRoutes hostsOnly =
            new OriginRoutes(Optional.of(HostPattern.parse("{agent}.agents.example.com")), Optional.empty());
    private final OriginRoutes neither = new OriginRoutes(Optional.empty(), Optional.empty());

    @Test
    void atAnAgentsHostTheRootIsItsJsonRpcEndpointAndTheCardIsItsCard() {
        assertEquals(bob("/a2a/bob"), both.route(HOST, "POST", "/"));
        assertEquals(
                bob("/a2a/bob/.well-known/agent-card.json"), both.route(HOST, "GET", "/.well-known/agent-card.json"));
    }

    @Test
    void atAnAgentsHostEveryPathIsTheAgents() {
        assertEquals(bob("/a2a/bob/message:send"), both.route(HOST, "POST", "/message:send"));
        assertEquals(bob("/a2a/bob/message:stream"), both.route(HOST, "POST", "/message:stream"));
        assertEquals(bob("/a2a/bob/tasks"), both.route(HOST, "GET", "/tasks"));
        assertEquals(bob("/a2a/bob/tasks/t-1:cancel"), both.route(HOST, "POST", "/tasks/t-1:cancel"));
        assertEquals(
                bob("/a2a/bob/health/ready"),
                both.route(HOST, "GET", "/health/ready"),
                "the agent's host is the agent's alone: the facade answers what is no route of it");
        assertEquals(bob("/a2a/bob"), both.route("BOB.agents.example.com", "GET", "/"));
    }

    @Test
    void atAnAgentsHostAPathThatCouldLeaveItsAddressIsRefused() {
        for (String path :
                new String[] {"/../api/v1/inbox", "/tasks/..", "/./x", "/tasks/a%2F..", "/a;b", "/tasks/a b", "/tasks?x"
                }) {
            assertEquals(new OriginRoute.NotAnAgentPath(), both.route(HOST, "GET", path), path);
        }
    }

    @Test
    void atAnyOtherHostTheDefaultAgentHasTheCardAndTheA2aEndpoints() {
        assertEquals(
                front("/a2a/front-desk@example/.well-known/agent-card.json"),
                both.route(MESH, "GET", "/.well-known/agent-card.json"));
        assertEquals(
                front("/a2a/front-desk@example/.well-known/agent.json"),
                both.route(MESH, "GET", "/.well-known/agent.json"));
        assertEquals(front("/a2a/front-desk@example"), both.route(MESH, "POST", "/"));
        assertEquals(front("/a2a/front-desk@example/message:send"), both.route(MESH, "POST", "/message:send"));
        assertEquals(front("/a2a/front-desk@example/message:stream"), both.route(MESH, "POST", "/message:stream"));
        assertEquals(front("/a2a/front-desk@example/tasks"), both.route("127.0.0.1", "GET", "/tasks"));
        assertEquals(
                front("/a2a/front-desk@example/tasks/t-1:subscribe"), both.route(MESH, "GET", "/tasks/t-1:subscribe"));
        assertEquals(front("/a2a/front-desk@example/extendedAgentCard"), both.route(MESH, "GET", "/extendedAgentCard"));
    }

    @Test
    void atAnyOtherHostTheServersOwnPathsPassOn() {
        for (String path : new String[] {
            "/health/ready",
            "/health",
            "/metrics",
            "/openapi",
            "/favicon.ico",
            "/mesh/api/v1/me",
            "/tasks-x",
            "/.well-known/acme-challenge/x",
            "/../tasks"
        }) {
            assertEquals(new OriginRoute.PassOn(), both.route(MESH, "GET", path), path);
        }
        assertEquals(new OriginRoute.PassOn(), both.route(MESH, "GET", "/"), "a GET of / is the server's");
        assertEquals(new OriginRoute.PassOn(), both.route("x.bob.agents.example.com", "GET", "/health"));
    }

    @Test
    void withoutADefaultAgentOnlyAgentHostsAreForwarded() {
        assertEquals(new OriginRoute.PassOn(), hostsOnly.route(MESH, "GET", "/.well-known/agent-card.json"));
        assertEquals(new OriginRoute.PassOn(), hostsOnly.route(MESH, "POST", "/"));
        assertEquals(bob("/a2a/bob"), hostsOnly.route(HOST, "POST", "/"));
    }

    @Test
    void withNeitherSettingEverythingPassesOn() {
        assertEquals(new OriginRoute.PassOn(), neither.route(HOST, "POST", "/"));
        assertEquals(new OriginRoute.PassOn(), neither.route(MESH, "GET", "/.well-known/agent-card.json"));
    }

    private static OriginRoute bob(String target) {
        return new OriginRoute.ToAgent("bob", target, ServedAt.AGENT_HOST);
    }

    private static OriginRoute front(String target) {
        return new OriginRoute.ToAgent("front-desk@example", target, ServedAt.SERVER_ROOT);
    }
}
