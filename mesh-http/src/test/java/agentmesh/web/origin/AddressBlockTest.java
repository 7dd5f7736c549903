package agentmesh.web.origin;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import org.junit.jupiter.api.Test;

class AddressBlockTest {

    @Test
    void anIpv4BlockHoldsTheAddressesOfItsPrefixOnly() {
        AddressBlock block = AddressBlock.parse("10.0.0.0/8");
        assertTrue(block.contains(address("10.0.0.0")));
        assertTrue(block.contains(address("10.255.1.2")));
        assertFalse(block.contains(address("11.0.0.1")));
        assertFalse(block.contains(address("9.255.255.255")));
    }

    @Test
    void aPrefixThatEndsInsideAByteCutsThere() {
        AddressBlock block = AddressBlock.parse("192.168.0.0/22");
        assertTrue(block.contains(address("192.168.3.255")));
        assertFalse(block.contains(address("192.168.4.0")));
    }

    @Test
    void anAddressWithoutPrefixIsItselfOnly() {
        assertTrue(AddressBlock.parse("203.0.113.7").contains(address("203.0.113.7")));
        assertFalse(AddressBlock.parse("203.0.113.7").contains(address("203.0.113.8")));
        assertTrue(AddressBlock.parse("::1").contains(address("0:0:0:0:0:0:0:1")));
        assertFalse(AddressBlock.parse("::1").contains(address("::2")));
    }

    @Test
    void anIpv6BlockHoldsTheAddressesOfItsPrefixOnly() {
        AddressBlock block = AddressBlock.parse("2001:db8::/32");
        assertTrue(block.contains(address("2001:db8:ffff::1")));
        assertTrue(block.contains(address("2001:DB8:0:0:0:0:0:0")));
        assertFalse(block.contains(address("2001:db9::1")));
        assertTrue(AddressBlock.parse("fd00::/7").contains(address("fdff::1")));
        assertFalse(AddressBlock.parse("fc00::/7").contains(address("fe00::1")));
    }

    @Test
    void bitsPastThePrefixAreIgnored() {
        assertTrue(AddressBlock.parse("10.1.2.3/8").contains(address("10.200.0.1")));
    }

    @Test
    void ipv4AndIpv6NeverMatchEachOther() {
        assertFalse(AddressBlock.parse("0.0.0.0/0").contains(address("::1")));
        assertFalse(AddressBlock.parse("::/0").contains(address("10.0.0.1")));
        assertTrue(AddressBlock.parse("::/0").contains(address("2001:db8::1")));
    }

    @Test
    void anIpv4MappedBlockIsTheIpv4BlockItMaps() {
        AddressBlock block = AddressBlock.parse("::ffff:10.0.0.0/104");
        assertTrue(block.contains(address("10.1.2.3")));
        assertTrue(block.contains(address("::ffff:10.1.2.3")));
        assertFalse(block.contains(address("11.1.2.3")));
    }

    @Test
    void whatIsNoAddressOrBlockIsRefused() {
        for (String bad : new String[] {
            "10.0.0.0/33",
            "10.0.0/8",
            "10.0.0.0/",
            "10.0.0.0/-1",
            "10.0.0.0/8/8",
            "2001:db8::/129",
            "010.0.0.1",
            "256.0.0.1",
            "example.com",
            "localhost",
            "::ffff:10.0.0.0/95",
            "fe80::1%eth0",
            "[::1]",
            ""
        }) {
            assertThrows(IllegalArgumentException.class, () -> AddressBlock.parse(bad), bad);
        }
    }

    @Test
    void theTrustedListNamesTheEntryItCannotRead() {
        TrustedProxies proxies = TrustedProxies.parse(" 10.0.0.0/8 , ::1,,192.0.2.1 ");
        assertTrue(proxies.trusts(address("10.9.9.9")));
        assertTrue(proxies.trusts(address("::1")));
        assertTrue(proxies.trusts(address("192.0.2.1")));
        assertFalse(proxies.trusts(address("192.0.2.2")));
        assertTrue(TrustedProxies.parse(" ").isEmpty());

        IllegalArgumentException refused =
                assertThrows(IllegalArgumentException.class, () -> TrustedProxies.parse("10.0.0.0/8, proxy.internal"));
        assertTrue(refused.getMessage().contains("mesh.http.trusted-proxies"), refused.getMessage());
        assertTrue(refused.getMessage().contains("proxy.internal"), refused.getMessage());
    }

    private static InetAddress address(String literal) {
        return IpLiterals.parse(literal).orElseThrow();
    }
}
