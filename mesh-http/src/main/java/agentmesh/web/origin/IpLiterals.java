package agentmesh.web.origin;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * IP address literals read from configuration and from headers, without a DNS lookup ever: {@link InetAddress}'s
 * own parser looks up whatever is not a literal, and a header must never make the server ask DNS. IPv4 only in its
 * dotted form of four decimal numbers, without leading zeros (so {@code 010.1.1.1} is not read as octal by one
 * component and decimal by another).
 */
final class IpLiterals {

    private static final String OCTET = "(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
    private static final Pattern IPV4 = Pattern.compile(OCTET + "\\." + OCTET + "\\." + OCTET + "\\." + OCTET);
    // A first character that is a hex digit or ':', and a ':' somewhere, keep InetAddress on its literal parser.
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:][0-9A-Fa-f:.]*");
    private static final int LONGEST = 45; // ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255

    private IpLiterals() {}

    /** The address this text is the literal of; empty for anything else (a host name included). */
    static Optional<InetAddress> parse(String text) {
        if (text == null || text.isEmpty() || text.length() > LONGEST) {
            return Optional.empty();
        }
        try {
            if (text.indexOf(':') < 0) {
                Matcher ipv4 = IPV4.matcher(text);
                if (!ipv4.matches()) {
                    return Optional.empty();
                }
                byte[] bytes = new byte[4];
                for (int i = 0; i < 4; i++) {
                    bytes[i] = (byte) Integer.parseInt(ipv4.group(i + 1));
                }
                return Optional.of(InetAddress.getByAddress(bytes));
            }
            return IPV6.matcher(text).matches() ? Optional.of(InetAddress.getByName(text)) : Optional.empty();
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
    }

    /** As {@link #parse}, with an IPv6 zone ({@code fe80::1%eth0}, as a servlet container may give a peer) dropped. */
    static Optional<InetAddress> parsePeer(String text) {
        if (text == null) {
            return Optional.empty();
        }
        int zone = text.indexOf('%');
        return parse(zone < 0 ? text : text.substring(0, zone));
    }
}
