package agentmesh.a2a.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import agentmesh.agent.control.AgentDescription;
import agentmesh.web.origin.ClientOrigin;
import jakarta.json.JsonValue;
import jakarta.servlet.http.HttpServletRequest;
import java.lang.reflect.Proxy;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AgentAddressesTest {

    private final AgentAddresses withHosts = addresses("{agent}.Agents.localhost");
    private final AgentAddresses withoutHosts = addresses(null);

    @Test
    void aCardAskedAtItsPathNamesThePath() {
        assertEquals("http://127.0.0.1:18080/mesh/a2a/bob", withHosts.cardAddress("bob", request(null)));
    }

    @Test
    void aCardAskedAtTheAgentsHostNamesThatOrigin() {
        assertEquals(
                "http://bob.agents.localhost:18080",
                withHosts.cardAddress("bob", request("agent-host", "bob.agents.localhost")));
    }

    @Test
    void aCardAskedAtTheServersRootNamesTheRoot() {
        assertEquals("http://127.0.0.1:18080", withHosts.cardAddress("front-desk@it", request("server-root")));
    }

    @Test
    void anAgentWithoutALabelHasAHostWhenItsIdIsALowercaseHostLabel() {
        assertEquals(Optional.of("bob-coder.agents.localhost"), withHosts.hostOf("bob-coder", null));
        for (String id : new String[] {"bob@it", "Bob", "bob.coder", "bob_coder", "-bob", "a".repeat(64)}) {
            assertEquals(Optional.empty(), withHosts.hostOf(id, null), id);
        }
        assertEquals(Optional.empty(), withoutHosts.hostOf("bob", null));
    }

    @Test
    void anAgentsLabelNamesItsHostWhateverItsId() {
        assertEquals(Optional.of("bob-it.agents.localhost"), withHosts.hostOf("bob@it", "bob-it"));
        assertEquals(Optional.of("robert.agents.localhost"), withHosts.hostOf("bob", "robert"));
        assertEquals(Optional.empty(), withoutHosts.hostOf("bob@it", "bob-it"));
    }

    @Test
    void theListingsCardUrlIsAtTheAgentsHostWhenItHasOne() {
        assertEquals(
                "http://bob.agents.localhost:18080/.well-known/agent-card.json",
                withHosts.cardUrl("bob", request(null)));
        assertEquals(
                "http://127.0.0.1:18080/mesh/a2a/bob@it/.well-known/agent-card.json",
                withHosts.cardUrl("bob@it", request(null)));
        assertEquals(
                "http://127.0.0.1:18080/mesh/a2a/bob/.well-known/agent-card.json",
                withoutHosts.cardUrl("bob", request(null)));
        assertEquals(
                "http://carol-it.agents.localhost:18080/.well-known/agent-card.json",
                withHosts.cardUrl("carol@it", request(null)),
                "labelled");
    }

    private static AgentAddresses addresses(String hostPattern) {
        AgentAddresses addresses = new AgentAddresses();
        addresses.origin = new ClientOrigin(); // no trusted proxies, no mesh.public-url
        addresses.hostPattern = Optional.ofNullable(hostPattern);
        addresses.cards = new CardCache() {
            @Override
            Optional<AgentDescription> description(String agentId) {
                return Optional.of(new AgentDescription(
                        agentId,
                        null,
                        null,
                        JsonValue.EMPTY_JSON_ARRAY,
                        agentId.equals("carol@it") ? "carol-it" : null));
            }
        };
        return addresses;
    }

    private static HttpServletRequest request(String servedAt) {
        return request(servedAt, "127.0.0.1");
    }

    // A request to the mesh's context as the container sees it, forwarded by the root module when servedAt is set.
    private static HttpServletRequest request(String servedAt, String host) {
        return (HttpServletRequest) Proxy.newProxyInstance(
                AgentAddressesTest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getAttribute" -> AgentAddresses.SERVED_AT.equals(args[0]) ? servedAt : null;
                    case "getRemoteAddr" -> "127.0.0.1";
                    case "getScheme" -> "http";
                    case "getServerName" -> host;
                    case "getServerPort" -> 18080;
                    case "getContextPath" -> "/mesh";
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }
}
