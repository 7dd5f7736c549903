package agentmesh.a2a.relay.control;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Locale;

/**
 * Which URLs the mesh calls on a remote agent's behalf (its card's, and the endpoint the card names): https — http
 * too with {@code mesh.a2a.remote.allow-http} — with a host and without credentials in the URL; and, unless
 * {@code mesh.a2a.remote.allow-private-addresses}, only a host whose every address (after DNS) is public: never
 * loopback, link-local (cloud metadata services live there), private (site-local), unique-local IPv6, unspecified,
 * shared (carrier-grade NAT), reserved or multicast — nor an IPv6 address that embeds such an IPv4 one. So an admin,
 * or a card, cannot point the mesh at the services of its own network.
 *
 * <p>The check resolves the name itself, and the HTTP client resolves it again to connect: a name whose answer
 * changes in between (DNS rebinding) slips through. Network egress rules are the complete defence; this one keeps
 * honest mistakes and plain hostile cards out.
 *
 * <p>Where the bearer token goes is decided by {@link #sameOrigin}: only to the card's own origin.
 */
final class UrlPolicy {

    /** Resolves a host name (or an address literal) to every address it has. */
    interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    sealed interface Verdict {}

    record Allowed(URI uri) implements Verdict {}

    /** Refused for good: asking again gives the same answer until the URL or the settings change. */
    record Forbidden(String why) implements Verdict {}

    /** The host name cannot be resolved now; it may be later. */
    record Unresolvable(String why) implements Verdict {}

    private final boolean allowHttp;
    private final boolean allowPrivateAddresses;
    private final Resolver resolver;

    UrlPolicy(boolean allowHttp, boolean allowPrivateAddresses) {
        this(allowHttp, allowPrivateAddresses, InetAddress::getAllByName);
    }

    UrlPolicy(boolean allowHttp, boolean allowPrivateAddresses, Resolver resolver) {
        this.allowHttp = allowHttp;
        this.allowPrivateAddresses = allowPrivateAddresses;
        this.resolver = resolver;
    }

    Verdict check(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (java.net.URISyntaxException | NullPointerException e) {
            return new Forbidden("is not a URL");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!uri.isAbsolute() || !(scheme.equals("https") || scheme.equals("http"))) {
            return new Forbidden("must be an http(s) URL");
        }
        if (scheme.equals("http") && !allowHttp) {
            return new Forbidden("uses plain http, which mesh.a2a.remote.allow-http does not allow");
        }
        if (uri.getRawUserInfo() != null) {
            return new Forbidden("must not carry credentials");
        }
        String host = uri.getHost();
        if (host == null || host.isEmpty()) {
            return new Forbidden("has no host name");
        }
        if (allowPrivateAddresses) {
            return new Allowed(uri);
        }
        InetAddress[] addresses;
        try {
            addresses = resolver.resolve(host);
        } catch (UnknownHostException e) {
            return new Unresolvable("its host " + host + " cannot be resolved");
        }
        for (InetAddress address : addresses) {
            String kind = nonPublicKind(address);
            if (kind != null) {
                return new Forbidden("is on " + host + ", " + kind + " address (" + address.getHostAddress()
                        + "), which mesh.a2a.remote.allow-private-addresses does not allow");
            }
        }
        return addresses.length == 0 ? new Unresolvable("its host " + host + " has no address") : new Allowed(uri);
    }

    /** Whether two URLs share scheme, host and port (the default port of the scheme when none is given). */
    static boolean sameOrigin(String first, String second) {
        try {
            URI a = new URI(first);
            URI b = new URI(second);
            return a.getScheme() != null
                    && a.getHost() != null
                    && a.getScheme().equalsIgnoreCase(b.getScheme())
                    && a.getHost().equalsIgnoreCase(b.getHost())
                    && port(a) == port(b);
        } catch (java.net.URISyntaxException | NullPointerException e) {
            return false;
        }
    }

    private static int port(URI uri) {
        if (uri.getPort() != -1) {
            return uri.getPort();
        }
        return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }

    /** What kind of address this is when it is not a public one ("a loopback", …); null when it is public. */
    static String nonPublicKind(InetAddress address) {
        if (address.isAnyLocalAddress()) {
            return "an unspecified";
        }
        if (address.isLoopbackAddress()) {
            return "a loopback";
        }
        if (address.isLinkLocalAddress()) {
            return "a link-local";
        }
        if (address.isSiteLocalAddress()) {
            return "a private (site-local)";
        }
        if (address.isMulticastAddress()) {
            return "a multicast";
        }
        byte[] bytes = address.getAddress();
        if (address instanceof Inet4Address) {
            return ipv4Kind(bytes);
        }
        if (address instanceof Inet6Address) {
            if ((bytes[0] & 0xfe) == 0xfc) {
                return "a unique-local IPv6";
            }
            byte[] embedded = embeddedIpv4(bytes);
            if (embedded != null) {
                try {
                    String kind = nonPublicKind(InetAddress.getByAddress(embedded));
                    return kind == null ? null : kind + " IPv4 (embedded in IPv6)";
                } catch (UnknownHostException e) {
                    throw new IllegalStateException("four bytes are always an IPv4 address", e);
                }
            }
        }
        return null;
    }

    // The ranges InetAddress has no predicate for: "this network", shared (RFC 6598), IETF protocol assignments,
    // benchmarking, and the reserved 240/4 with the broadcast address.
    private static String ipv4Kind(byte[] ip) {
        int first = ip[0] & 0xff;
        int second = ip[1] & 0xff;
        if (first == 0) {
            return "an unspecified";
        }
        if (first == 100 && second >= 64 && second <= 127) {
            return "a shared (carrier-grade NAT)";
        }
        if ((first == 192 && second == 0 && (ip[2] & 0xff) == 0)
                || (first == 198 && (second == 18 || second == 19))
                || first >= 240) {
            return "a reserved";
        }
        return null;
    }

    // ::a.b.c.d (IPv4-compatible), ::ffff:a.b.c.d (IPv4-mapped) and 64:ff9b::a.b.c.d (NAT64) reach that IPv4 address.
    private static byte[] embeddedIpv4(byte[] ip) {
        byte[] prefix = Arrays.copyOfRange(ip, 0, 12);
        byte[] zeros = new byte[12];
        byte[] mapped = new byte[12];
        mapped[10] = (byte) 0xff;
        mapped[11] = (byte) 0xff;
        byte[] nat64 = new byte[12];
        nat64[1] = 0x64;
        nat64[2] = (byte) 0xff;
        nat64[3] = (byte) 0x9b;
        if (Arrays.equals(prefix, zeros) || Arrays.equals(prefix, mapped) || Arrays.equals(prefix, nat64)) {
            return Arrays.copyOfRange(ip, 12, 16);
        }
        return null;
    }
}
