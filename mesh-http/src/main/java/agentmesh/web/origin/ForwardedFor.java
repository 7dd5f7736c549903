package agentmesh.web.origin;

import java.net.InetAddress;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The client's address behind trusted proxies, from {@code X-Forwarded-For}. Each proxy appends the address it was
 * called from, so the list is read from the right: past every trusted proxy, the first address that is not one is
 * the client (whatever stands to its left, the client wrote itself). An entry that is no IP address ends the walk at
 * the last trusted hop: a proxy's address is a coarser key than the client's, but it is no value a client chose. At
 * most {@link #MAX_HOPS} entries of {@link #MAX_ENTRY_CHARS} are read from the right, so a huge header costs no more
 * than a short one.
 *
 * <p>The standard {@code Forwarded} header is not read: a proxy that sets only one of the two passes the other on
 * from the client as it came, so reading both would let the client choose.
 */
final class ForwardedFor {

    static final String HEADER = "X-Forwarded-For";
    static final int MAX_HOPS = 16;
    static final int MAX_ENTRY_CHARS = 64;
    // An IPv4 address with a port ("192.0.2.1:4711"), or an IPv6 one in brackets with or without ("[2001:db8::1]:80").
    private static final Pattern IPV4_WITH_PORT = Pattern.compile("([0-9.]+):\\d{1,5}");
    private static final Pattern BRACKETED = Pattern.compile("\\[([^\\]]+)](?::\\d{1,5})?");

    private ForwardedFor() {}

    /**
     * The client's address: the peer's, unless the peer is a trusted proxy; then the first untrusted address of the
     * header's lines (in the order received), read from the right.
     */
    static String clientAddress(String peer, List<String> headerLines, TrustedProxies trusted) {
        Optional<InetAddress> peerAddress = IpLiterals.parsePeer(peer);
        if (peerAddress.isEmpty() || !trusted.trusts(peerAddress.get())) {
            return peer;
        }
        String lastTrusted = peer;
        Hops hops = new Hops(headerLines);
        for (int walked = 0; walked < MAX_HOPS; walked++) {
            String entry = hops.next();
            if (entry == null) {
                return lastTrusted; // every hop trusted: the leftmost is the client
            }
            Optional<InetAddress> hop = address(entry.strip());
            if (hop.isEmpty()) {
                return lastTrusted;
            }
            if (!trusted.trusts(hop.get())) {
                return hop.get().getHostAddress();
            }
            lastTrusted = hop.get().getHostAddress();
        }
        return lastTrusted;
    }

    private static Optional<InetAddress> address(String entry) {
        Matcher bracketed = BRACKETED.matcher(entry);
        if (bracketed.matches()) {
            return IpLiterals.parse(bracketed.group(1))
                    .filter(address -> bracketed.group(1).indexOf(':') >= 0);
        }
        Matcher withPort = IPV4_WITH_PORT.matcher(entry);
        return IpLiterals.parse(withPort.matches() ? withPort.group(1) : entry);
    }

    /** The header's entries from the right, each scanned for at most {@link #MAX_ENTRY_CHARS} characters. */
    private static final class Hops {

        private static final String TOO_LONG = "";

        private final List<String> lines;
        private int line;
        private int end;

        Hops(List<String> lines) {
            this.lines = lines;
            this.line = lines.size() - 1;
            this.end = line >= 0 ? lines.get(line).length() : -1;
        }

        /** The next entry leftwards; empty when it is too long to be an address; null when there is none. */
        String next() {
            while (line >= 0 && end < 0) {
                line--;
                end = line >= 0 ? lines.get(line).length() : -1;
            }
            if (line < 0) {
                return null;
            }
            String value = lines.get(line);
            int start = end;
            while (start > 0 && value.charAt(start - 1) != ',') {
                start--;
                if (end - start > MAX_ENTRY_CHARS) {
                    return TOO_LONG;
                }
            }
            String entry = value.substring(start, end);
            end = start - 1; // past the comma; -1 once the line is read
            return entry;
        }
    }
}
