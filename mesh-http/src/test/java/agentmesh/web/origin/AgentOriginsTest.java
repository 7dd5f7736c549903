package agentmesh.web.origin;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class AgentOriginsTest {

    private static final String PROXY = "10.0.0.2";

    @Test
    void anAgentsHostOriginIsTheHostItWasAskedAtWhateverThePublicUrlSays() {
        ClientOrigin origin = origin("", "https://mesh.example.com/mesh");
        assertEquals(
                "http://bob.agents.localhost:18080",
                origin.agentHostOrigin(FakeRequest.from("127.0.0.1")
                        .sentTo("http", "bob.agents.localhost", 18080)
                        .request()));
        assertEquals(
                "https://bob.agents.example.com",
                origin.agentHostOrigin(FakeRequest.from("127.0.0.1")
                        .sentTo("https", "bob.agents.example.com", 443)
                        .request()));
    }

    @Test
    void behindATrustedProxyAnAgentsHostOriginTakesTheForwardedSchemeAndPortButNotTheHost() {
        ClientOrigin origin = origin("10.0.0.0/8", null);
        assertEquals(
                "https://bob.agents.example.com",
                origin.agentHostOrigin(FakeRequest.from(PROXY)
                        .sentTo("http", "bob.agents.example.com", 8080)
                        .header("X-Forwarded-Proto", "https")
                        .header("X-Forwarded-Host", "evil.example")
                        .request()));
        assertEquals(
                "https://bob.agents.example.com:8443",
                origin.agentHostOrigin(FakeRequest.from(PROXY)
                        .sentTo("http", "bob.agents.example.com", 8080)
                        .header("X-Forwarded-Proto", "https")
                        .header("X-Forwarded-Port", "8443")
                        .request()));
        assertEquals(
                "http://bob.agents.example.com:8080",
                origin.agentHostOrigin(FakeRequest.from("198.51.100.7")
                        .sentTo("http", "bob.agents.example.com", 8080)
                        .header("X-Forwarded-Proto", "https")
                        .request()),
                "an untrusted peer's header is ignored");
    }

    @Test
    void theRootOriginIsThePublicBasesWithoutItsPath() {
        assertEquals(
                "https://mesh.example.com",
                origin("", "https://mesh.example.com/mesh")
                        .rootOrigin(FakeRequest.from("127.0.0.1").request()));
        assertEquals(
                "http://10.0.0.5:8080",
                origin("", null).rootOrigin(FakeRequest.from("127.0.0.1").request()));
        assertEquals(
                "https://mesh.example.com",
                origin("10.0.0.0/8", null)
                        .rootOrigin(FakeRequest.from(PROXY)
                                .header("X-Forwarded-Proto", "https")
                                .header("X-Forwarded-Host", "mesh.example.com")
                                .request()));
    }

    private static ClientOrigin origin(String trustedProxies, String publicUrl) {
        ClientOrigin origin = new ClientOrigin();
        origin.trustedProxiesSetting = Optional.of(trustedProxies);
        origin.publicUrlSetting = Optional.ofNullable(publicUrl);
        origin.readSettings();
        return origin;
    }
}
