package agentmesh.web.origin;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class ClientAddressTest {

    private static final String PROXY = "10.0.0.2";

    @Test
    void withoutTrustedProxiesTheHeaderIsIgnored() {
        ClientOrigin origin = origin("");
        assertEquals(
                PROXY,
                origin.address(FakeRequest.from(PROXY)
                        .header("X-Forwarded-For", "198.51.100.7")
                        .request()));
    }

    @Test
    void anUntrustedPeerIsTheClientWhateverItForwards() {
        ClientOrigin origin = origin("10.0.0.0/8");
        assertEquals(
                "198.51.100.9",
                origin.address(FakeRequest.from("198.51.100.9")
                        .header("X-Forwarded-For", "203.0.113.1")
                        .request()));
    }

    @Test
    void aTrustedPeerWithoutTheHeaderIsTheClient() {
        assertEquals(PROXY, origin("10.0.0.0/8").address(FakeRequest.from(PROXY).request()));
    }

    @Test
    void theChainIsReadFromTheRightPastEveryTrustedProxy() {
        ClientOrigin origin = origin("10.0.0.0/8, 2001:db8:1::/48");
        // The client forged the leftmost entry; the edge proxy appended the client's real address, then two proxies.
        assertEquals(
                "198.51.100.7",
                origin.address(FakeRequest.from(PROXY)
                        .header("X-Forwarded-For", "203.0.113.66, 198.51.100.7, 10.1.1.1, 10.2.2.2")
                        .request()));
        assertEquals(
                "2001:db8:2:0:0:0:0:5",
                origin.address(FakeRequest.from(PROXY)
                        .header("X-Forwarded-For", "2001:db8:2::5,2001:db8:1::9")
                        .request()));
    }

    @Test
    void severalHeaderLinesAreOneListInTheirOrder() {
        assertEquals(
                "198.51.100.7",
                origin("10.0.0.0/8")
                        .address(FakeRequest.from(PROXY)
                                .header("X-Forwarded-For", "203.0.113.66")
                                .header("X-Forwarded-For", "198.51.100.7, 10.1.1.1")
                                .request()));
    }

    @Test
    void whenEveryHopIsTrustedTheLeftmostIsTheClient() {
        assertEquals(
                "10.3.3.3",
                origin("10.0.0.0/8")
                        .address(FakeRequest.from(PROXY)
                                .header("X-Forwarded-For", "10.3.3.3, 10.2.2.2")
                                .request()));
    }

    @Test
    void portsAndBracketsAroundAnAddressAreRead() {
        ClientOrigin origin = origin("10.0.0.0/8");
        assertEquals(
                "198.51.100.7",
                origin.address(FakeRequest.from(PROXY)
                        .header("X-Forwarded-For", "198.51.100.7:4711")
                        .request()));
        assertEquals(
                "2001:db8:0:0:0:0:0:7",
                origin.address(FakeRequest.from(PROXY)
                        .header("X-Forwarded-For", "[2001:db8::7]:4711")
                        .request()));
    }

    @Test
    void aMalformedEntryEndsTheWalkAtTheLastTrustedHop() {
        ClientOrigin origin = origin("10.0.0.0/8");
        for (String garbage : new String[] {
            "unknown",
            "evil.example.com",
            "",
            "1.2.3",
            "198.51.100.7 x",
            "::1%eth0",
            "[198.51.100.7]",
            "010.0.0.1",
            "2001:db8::1::2"
        }) {
            assertEquals(
                    "10.2.2.2",
                    origin.address(FakeRequest.from(PROXY)
                            .header("X-Forwarded-For", "198.51.100.7, " + garbage + ", 10.2.2.2")
                            .request()),
                    garbage);
        }
        assertEquals(
                PROXY,
                origin.address(FakeRequest.from(PROXY)
                        .header("X-Forwarded-For", "nobody")
                        .request()));
    }

    @Test
    void aHugeHeaderIsReadOnlyAtItsRightEnd() {
        ClientOrigin origin = origin("10.0.0.0/8");
        String longEntry = "1".repeat(1_000_000);
        assertEquals(
                "10.2.2.2",
                origin.address(FakeRequest.from(PROXY)
                        .header("X-Forwarded-For", longEntry + ", 10.2.2.2")
                        .request()));

        String manyTrustedHops = "198.51.100.7, " + "10.4.4.4, ".repeat(100_000) + "10.2.2.2";
        assertEquals(
                "10.4.4.4",
                origin.address(FakeRequest.from(PROXY)
                        .header("X-Forwarded-For", manyTrustedHops)
                        .request()));

        String clientAtTheLastHopRead = "198.51.100.7, " + "10.4.4.4, ".repeat(ForwardedFor.MAX_HOPS - 2) + "10.2.2.2";
        assertEquals(
                "198.51.100.7",
                origin.address(FakeRequest.from(PROXY)
                        .header("X-Forwarded-For", clientAtTheLastHopRead)
                        .request()));
        String clientOneHopFurther = "198.51.100.7, " + "10.4.4.4, ".repeat(ForwardedFor.MAX_HOPS - 1) + "10.2.2.2";
        assertEquals(
                "10.4.4.4",
                origin.address(FakeRequest.from(PROXY)
                        .header("X-Forwarded-For", clientOneHopFurther)
                        .request()));
    }

    @Test
    void anIpv6PeerWithAZoneIsRecognisedAsTrusted() {
        assertEquals(
                "198.51.100.7",
                origin("fe80::/10")
                        .address(FakeRequest.from("fe80::1%eth0")
                                .header("X-Forwarded-For", "198.51.100.7")
                                .request()));
    }

    static ClientOrigin origin(String trustedProxies) {
        ClientOrigin origin = new ClientOrigin();
        origin.trustedProxiesSetting = Optional.of(trustedProxies);
        origin.publicUrlSetting = Optional.empty();
        origin.readSettings();
        return origin;
    }
}
