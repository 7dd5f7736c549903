package agentmesh.web.origin;

import java.net.Inet4Address;
import java.net.InetAddress;

/**
 * One entry of {@code mesh.http.trusted-proxies}: an IP address ({@code 10.0.0.7}, {@code ::1}) or a CIDR block
 * ({@code 10.0.0.0/8}, {@code 2001:db8::/32}). Bits past the prefix are ignored, as most tools do. An IPv4-mapped
 * IPv6 block ({@code ::ffff:10.0.0.0/104}) is the IPv4 block it maps, as Java reads such addresses as IPv4.
 */
record AddressBlock(byte[] network, int prefixBits) {

    /**
     * The block this text names.
     *
     * @throws IllegalArgumentException when it names none, saying why
     */
    static AddressBlock parse(String text) {
        int slash = text.indexOf('/');
        String literal = slash < 0 ? text : text.substring(0, slash);
        InetAddress address = IpLiterals.parse(literal)
                .orElseThrow(() -> new IllegalArgumentException(
                        "\"" + text + "\" is no IP address or CIDR block (such as 10.0.0.0/8 or 2001:db8::/32)"));
        int bits = address.getAddress().length * 8;
        if (slash < 0) {
            return new AddressBlock(address.getAddress(), bits);
        }
        String prefix = text.substring(slash + 1);
        // The literal was written as IPv6 and read as IPv4: its prefix counted the 96 bits of ::ffff: in front.
        int mappedBits = address instanceof Inet4Address && literal.indexOf(':') >= 0 ? 96 : 0;
        int prefixBits = prefix.matches("\\d{1,3}") ? Integer.parseInt(prefix) - mappedBits : -1;
        if (prefixBits < 0 || prefixBits > bits) {
            throw new IllegalArgumentException("\"" + text + "\" has a prefix length that is not between " + mappedBits
                    + " and " + (bits + mappedBits));
        }
        return new AddressBlock(address.getAddress(), prefixBits);
    }

    boolean contains(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (bytes.length != network.length) {
            return false;
        }
        int whole = prefixBits / 8;
        for (int i = 0; i < whole; i++) {
            if (bytes[i] != network[i]) {
                return false;
            }
        }
        int rest = prefixBits % 8;
        if (rest == 0) {
            return true;
        }
        int mask = (0xff << (8 - rest)) & 0xff;
        return (bytes[whole] & mask) == (network[whole] & mask);
    }
}
