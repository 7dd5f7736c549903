package agentmesh.web.origin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class PublicBaseTest {

    private static final String PROXY = "10.0.0.2";

    @Test
    void theConfiguredUrlComesFirstWhateverTheRequestSays() {
        ClientOrigin origin = origin("10.0.0.0/8", "https://mesh.example.com/mesh/");
        assertEquals(
                "https://mesh.example.com/mesh",
                origin.publicBase(FakeRequest.from(PROXY)
                        .header("X-Forwarded-Proto", "http")
                        .header("X-Forwarded-Host", "evil.example")
                        .request()));
        assertEquals(
                "https://mesh.example.com/mesh",
                origin.publicBase(FakeRequest.from("198.51.100.7")
                        .sentTo("http", "evil.example", 80)
                        .request()));
    }

    @Test
    void aTrustedProxysForwardedAddressComesNext() {
        ClientOrigin origin = origin("10.0.0.0/8", null);
        assertEquals(
                "https://mesh.example.com/mesh",
                origin.publicBase(FakeRequest.from(PROXY)
                        .header("X-Forwarded-Proto", "https")
                        .header("X-Forwarded-Host", "Mesh.Example.com")
                        .request()));
        assertEquals(
                "https://mesh.example.com:8443/mesh",
                origin.publicBase(FakeRequest.from(PROXY)
                        .header("X-Forwarded-Proto", "HTTPS")
                        .header("X-Forwarded-Host", "mesh.example.com:8443")
                        .request()));
        assertEquals(
                "https://mesh.example.com:9443/mesh",
                origin.publicBase(FakeRequest.from(PROXY)
                        .header("X-Forwarded-Proto", "https")
                        .header("X-Forwarded-Host", "mesh.example.com:8443")
                        .header("X-Forwarded-Port", "9443")
                        .request()));
        assertEquals(
                "https://[2001:db8::1]/mesh",
                origin.publicBase(FakeRequest.from(PROXY)
                        .header("X-Forwarded-Proto", "https")
                        .header("X-Forwarded-Host", "[2001:db8::1]")
                        .request()));
    }

    @Test
    void aForwardedSchemeAloneKeepsTheHostButNotTheInsidePort() {
        ClientOrigin origin = origin("10.0.0.0/8", null);
        assertEquals(
                "https://mesh.example.com/mesh",
                origin.publicBase(FakeRequest.from(PROXY)
                        .sentTo("http", "mesh.example.com", 8080)
                        .header("X-Forwarded-Proto", "https")
                        .request()));
        assertEquals(
                "https://mesh.example.com:8443/mesh",
                origin.publicBase(FakeRequest.from(PROXY)
                        .sentTo("http", "mesh.example.com", 8080)
                        .header("X-Forwarded-Proto", "https")
                        .header("X-Forwarded-Port", "8443")
                        .request()));
    }

    @Test
    void anUntrustedPeersForwardedAddressIsIgnored() {
        ClientOrigin origin = origin("10.0.0.0/8", null);
        assertEquals(
                "http://10.0.0.5:8080/mesh",
                origin.publicBase(FakeRequest.from("198.51.100.7")
                        .header("X-Forwarded-Proto", "https")
                        .header("X-Forwarded-Host", "evil.example")
                        .request()));
        assertEquals(
                "http://10.0.0.5:8080/mesh",
                origin("", null)
                        .publicBase(FakeRequest.from(PROXY)
                                .header("X-Forwarded-Host", "evil.example")
                                .request()));
    }

    @Test
    void anInvalidForwardedValueLeavesTheRequestsOwnAddress() {
        ClientOrigin origin = origin("10.0.0.0/8", null);
        String own = "http://10.0.0.5:8080/mesh";
        String[][] invalid = {
            {"X-Forwarded-Proto", "ftp"},
            {"X-Forwarded-Proto", "https, http"},
            {"X-Forwarded-Host", "evil.example/path"},
            {"X-Forwarded-Host", "a.example, b.example"},
            {"X-Forwarded-Host", "user@evil.example"},
            {"X-Forwarded-Host", "evil.example:99999"},
            {"X-Forwarded-Host", "evil.example:0"},
            {"X-Forwarded-Host", "[not:an:address]"},
            {"X-Forwarded-Host", "-bad-.example"},
            {"X-Forwarded-Host", "a".repeat(300) + ".example"},
            {"X-Forwarded-Host", "evil.example\"><script>"},
            {"X-Forwarded-Host", ""},
            {"X-Forwarded-Port", "http"},
            {"X-Forwarded-Port", "65536"},
            {"X-Forwarded-Port", "0"}
        };
        for (String[] header : invalid) {
            assertEquals(
                    own,
                    origin.publicBase(FakeRequest.from(PROXY)
                            .header("X-Forwarded-Proto", "https")
                            .header(header[0], header[1])
                            .request()),
                    header[0] + ": " + header[1]);
        }
        assertEquals(
                own,
                origin.publicBase(FakeRequest.from(PROXY)
                        .header("X-Forwarded-Host", "a.example")
                        .header("X-Forwarded-Host", "b.example")
                        .request()),
                "two lines of one header");
    }

    @Test
    void theRequestsOwnAddressLeavesOutADefaultPort() {
        ClientOrigin origin = origin("", null);
        assertEquals(
                "http://mesh.example.com/mesh",
                origin.publicBase(FakeRequest.from(PROXY)
                        .sentTo("http", "mesh.example.com", 80)
                        .request()));
        assertEquals(
                "https://mesh.example.com/mesh",
                origin.publicBase(FakeRequest.from(PROXY)
                        .sentTo("https", "mesh.example.com", 443)
                        .request()));
        assertEquals(
                "http://[::1]:8080/mesh",
                origin.publicBase(
                        FakeRequest.from(PROXY).sentTo("http", "::1", 8080).request()));
    }

    @Test
    void theConfiguredUrlLosesItsTrailingSlashesOnly() {
        assertEquals("https://mesh.example.com", PublicBase.configured("https://mesh.example.com/"));
        assertEquals("https://mesh.example.com", PublicBase.configured(" https://mesh.example.com "));
        assertEquals("http://10.0.0.1:8080/mesh", PublicBase.configured("HTTP://10.0.0.1:8080/mesh//"));
        assertEquals("https://[2001:db8::1]/agents", PublicBase.configured("https://[2001:db8::1]/agents"));
    }

    @Test
    void aConfiguredUrlThatIsNoPlainHttpUrlIsRefusedSayingWhy() {
        for (String bad : new String[] {
            "mesh.example.com/mesh",
            "/mesh",
            "ftp://mesh.example.com",
            "https://mesh.example.com/mesh?x=1",
            "https://mesh.example.com/#top",
            "https://user:pw@mesh.example.com",
            "https:///mesh",
            "https://mesh example.com",
            "https:mesh.example.com"
        }) {
            IllegalArgumentException refused =
                    assertThrows(IllegalArgumentException.class, () -> PublicBase.configured(bad), bad);
            assertTrue(refused.getMessage().startsWith("mesh.public-url must be"), refused.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> origin("", "https://mesh.example.com/?q"));
    }

    @Test
    void aBlankConfiguredUrlIsNone() {
        assertEquals(
                "http://10.0.0.5:8080/mesh",
                origin("", " ").publicBase(FakeRequest.from(PROXY).request()));
    }

    private static ClientOrigin origin(String trustedProxies, String publicUrl) {
        ClientOrigin origin = new ClientOrigin();
        origin.trustedProxiesSetting = Optional.of(trustedProxies);
        origin.publicUrlSetting = Optional.ofNullable(publicUrl);
        origin.readSettings();
        return origin;
    }
}
