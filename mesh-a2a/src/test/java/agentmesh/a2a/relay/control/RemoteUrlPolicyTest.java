package agentmesh.a2a.relay.control;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RemoteUrlPolicyTest {

    // Names resolve here, not through DNS: the tests do not depend on the machine's resolver.
    private static final UrlPolicy.Resolver NAMES = host -> switch (host) {
        case "agent.example" -> addresses("93.184.216.34");
        case "sneaky.example" -> addresses("93.184.216.34", "10.1.2.3");
        case "metadata.example" -> addresses("169.254.169.254");
        default -> InetAddress.getAllByName(host);
    };

    private final UrlPolicy strict = new UrlPolicy(false, false, NAMES);
    private final UrlPolicy httpAllowed = new UrlPolicy(true, false, NAMES);

    @Test
    void aCardEndpointOnALoopbackAddressIsRefused() {
        UrlPolicy.Verdict verdict = httpAllowed.check("http://127.0.0.1:8080/rpc");
        assertTrue(forbidden(verdict).contains("loopback"), forbidden(verdict));
        assertTrue(forbidden(strict.check("https://[::1]/rpc")).contains("loopback"));
        assertTrue(forbidden(strict.check("https://localhost/rpc")).contains("loopback"));
    }

    @Test
    void everyNonPublicKindOfAddressIsRefused() {
        Map<String, String> kinds = Map.of(
                "https://10.0.0.7/", "private",
                "https://192.168.1.1/", "private",
                "https://172.16.0.1/", "private",
                "https://169.254.169.254/latest/meta-data", "link-local",
                "https://[fe80::1]/", "link-local",
                "https://[fd12:3456::1]/", "unique-local",
                "https://0.0.0.0/", "unspecified",
                "https://224.0.0.1/", "multicast",
                "https://100.64.0.1/", "shared",
                "https://[::ffff:10.0.0.1]/", "private");
        kinds.forEach((url, kind) ->
                assertTrue(forbidden(strict.check(url)).contains(kind), url + " → " + strict.check(url)));
    }

    @Test
    void anIpv6AddressThatEmbedsALoopbackIpv4OneIsRefused() {
        assertTrue(forbidden(strict.check("https://[64:ff9b::7f00:1]/")).contains("loopback"));
        assertTrue(forbidden(strict.check("https://[::127.0.0.1]/")).contains("loopback"));
    }

    @Test
    void aNameWithOnePrivateAddressAmongPublicOnesIsRefused() {
        String why = forbidden(strict.check("https://sneaky.example/card"));
        assertTrue(why.contains("10.1.2.3") && why.contains("sneaky.example"), why);
        assertTrue(forbidden(strict.check("https://metadata.example/")).contains("link-local"));
    }

    @Test
    void httpsToAPublicHostIsAllowed() {
        assertInstanceOf(UrlPolicy.Allowed.class, strict.check("https://agent.example/.well-known/agent-card.json"));
        assertInstanceOf(UrlPolicy.Allowed.class, strict.check("https://93.184.216.34:8443/rpc"));
    }

    @Test
    void plainHttpIsRefusedUnlessAllowed() {
        assertTrue(forbidden(strict.check("http://agent.example/rpc")).contains("mesh.a2a.remote.allow-http"));
        assertInstanceOf(UrlPolicy.Allowed.class, httpAllowed.check("http://agent.example/rpc"));
    }

    @Test
    void privateAddressesAreAllowedOnlyWhenConfigured() {
        UrlPolicy lab = new UrlPolicy(true, true, NAMES);
        assertInstanceOf(UrlPolicy.Allowed.class, lab.check("http://127.0.0.1:4711/rpc"));
        assertInstanceOf(UrlPolicy.Allowed.class, lab.check("https://10.0.0.7/rpc"));
        assertTrue(forbidden(new UrlPolicy(true, false, NAMES).check("http://127.0.0.1:4711/rpc"))
                .contains("mesh.a2a.remote.allow-private-addresses"));
    }

    @Test
    void otherSchemesCredentialsAndHostlessUrlsAreRefused() {
        for (String url : List.of(
                "file:///etc/passwd",
                "ftp://agent.example/",
                "gopher://agent.example/",
                "/relative/card.json",
                "not a url",
                "https://user:pass@agent.example/",
                "https:///nohost")) {
            assertInstanceOf(UrlPolicy.Forbidden.class, strict.check(url), url);
        }
    }

    @Test
    void aHostThatDoesNotResolveMayBeTriedAgainLater() {
        UrlPolicy offline = new UrlPolicy(false, false, host -> {
            throw new UnknownHostException(host);
        });
        assertInstanceOf(UrlPolicy.Unresolvable.class, offline.check("https://agent.example/rpc"));
    }

    @Test
    void theTokensOriginIsSchemeHostAndPortOfTheCard() {
        assertTrue(UrlPolicy.sameOrigin(
                "https://agent.example/.well-known/agent-card.json", "https://AGENT.example:443/rpc"));
        assertTrue(UrlPolicy.sameOrigin("http://127.0.0.1:4711/card", "http://127.0.0.1:4711/rpc"));
        assertFalse(UrlPolicy.sameOrigin("https://agent.example/card", "https://other.example/rpc"));
        assertFalse(UrlPolicy.sameOrigin("https://agent.example/card", "http://agent.example/rpc"));
        assertFalse(UrlPolicy.sameOrigin("https://agent.example/card", "https://agent.example:8443/rpc"));
        assertFalse(UrlPolicy.sameOrigin("https://agent.example/card", "https://agent.example.evil.example/rpc"));
    }

    private static String forbidden(UrlPolicy.Verdict verdict) {
        return assertInstanceOf(UrlPolicy.Forbidden.class, verdict).why();
    }

    private static InetAddress[] addresses(String... literals) throws UnknownHostException {
        InetAddress[] addresses = new InetAddress[literals.length];
        for (int i = 0; i < literals.length; i++) {
            addresses[i] = InetAddress.getByName(literals[i]);
        }
        return addresses;
    }
}
