package agentmesh.web.origin;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * The proxies whose forwarding headers the mesh believes ({@code mesh.http.trusted-proxies}: IP addresses and CIDR
 * blocks, IPv4 and IPv6, separated by commas). None by default: then every header a client sends about its origin
 * is its own claim, and ignored.
 */
final class TrustedProxies {

    private final List<AddressBlock> blocks;

    private TrustedProxies(List<AddressBlock> blocks) {
        this.blocks = List.copyOf(blocks);
    }

    static TrustedProxies none() {
        return new TrustedProxies(List.of());
    }

    /**
     * The proxies this comma-separated list names (blank: none).
     *
     * @throws IllegalArgumentException naming the entry that is no address or block
     */
    static TrustedProxies parse(String list) {
        List<AddressBlock> blocks = new ArrayList<>();
        for (String entry : list.split(",")) {
            if (!entry.isBlank()) {
                try {
                    blocks.add(AddressBlock.parse(entry.strip()));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("mesh.http.trusted-proxies: " + e.getMessage(), e);
                }
            }
        }
        return new TrustedProxies(blocks);
    }

    boolean isEmpty() {
        return blocks.isEmpty();
    }

    boolean trusts(InetAddress address) {
        for (AddressBlock block : blocks) {
            if (block.contains(address)) {
                return true;
            }
        }
        return false;
    }
}
