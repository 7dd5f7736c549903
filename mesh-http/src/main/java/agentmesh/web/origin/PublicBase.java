package agentmesh.web.origin;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The mesh's base URL as its clients reach it — scheme, host, port and the path of the mesh's root ({@code /mesh}
 * on a server that is reached directly), without a trailing slash — from each of its sources: the configured
 * {@code mesh.public-url}, a trusted proxy's {@code X-Forwarded-Proto/Host/Port}, or the request itself. Whatever
 * comes from a header is checked to be a scheme, a host and a port, and nothing else, before it goes into a URL.
 */
final class PublicBase {

    /** What a request says about where it was sent: its scheme, its Host (name and port) and the mesh's root path. */
    record RequestAddress(String scheme, String host, int port, String contextPath) {}

    private static final int LONGEST_HOST = 253;
    private static final String LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
    private static final Pattern HOST_NAME = Pattern.compile(LABEL + "(?:\\." + LABEL + ")*");
    private static final Pattern HOST_AND_PORT = Pattern.compile("(\\[[0-9A-Fa-f:.]+]|[^:\\[\\]]+)(?::(\\d{1,5}))?");
    private static final Pattern PORT = Pattern.compile("\\d{1,5}");

    private PublicBase() {}

    /**
     * {@code mesh.public-url}, checked and without its trailing slash.
     *
     * @throws IllegalArgumentException when it is not an absolute http(s) URL without credentials, query or fragment
     */
    static String configured(String url) {
        URI uri;
        try {
            uri = new URI(url.strip());
        } catch (URISyntaxException e) {
            throw refused(url, "it is not a URL (" + e.getReason() + ")");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw refused(url, "its scheme is not http or https");
        }
        if (uri.getHost() == null) {
            throw refused(url, "it names no host");
        }
        if (uri.getRawUserInfo() != null) {
            throw refused(url, "it carries credentials");
        }
        if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw refused(url, "it has a query or a fragment");
        }
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        while (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        return scheme + "://" + uri.getRawAuthority() + path;
    }

    /**
     * The base a trusted proxy forwarded: each header present replaces its part of the request's own address, and a
     * port not forwarded is the scheme's default once the scheme or host is (the request's own port is the proxy's
     * side of it). Empty when none is present, or any is not one plain valid value (a list included): the request's
     * own address is used then.
     */
    static Optional<String> forwarded(String proto, String host, String port, RequestAddress request) {
        if (proto == null && host == null && port == null) {
            return Optional.empty();
        }
        String scheme = proto == null ? request.scheme() : proto.strip().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            return Optional.empty();
        }
        String hostName = request.host();
        int hostPort = -1;
        if (host != null) {
            Matcher named = HOST_AND_PORT.matcher(host.strip());
            if (host.length() > LONGEST_HOST + 8 || !named.matches() || !isHost(named.group(1))) {
                return Optional.empty();
            }
            hostName = named.group(1);
            hostPort = named.group(2) == null ? -1 : Integer.parseInt(named.group(2));
        }
        int forwardedPort =
                port == null ? hostPort : PORT.matcher(port.strip()).matches() ? Integer.parseInt(port.strip()) : 0;
        if (forwardedPort == 0 || forwardedPort > 65_535 || hostPort == 0 || hostPort > 65_535) {
            return Optional.empty();
        }
        return Optional.of(of(scheme, hostName, forwardedPort, request.contextPath()));
    }

    /** The request's own address, as the container read it from the request line and the Host header. */
    static String of(RequestAddress request) {
        return of(request.scheme(), request.host(), request.port(), request.contextPath());
    }

    // A port of -1 (or the scheme's default) is left out.
    private static String of(String scheme, String host, int port, String path) {
        String bracketed = host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
        boolean defaultPort =
                port < 0 || (scheme.equals("http") && port == 80) || (scheme.equals("https") && port == 443);
        return scheme + "://" + bracketed.toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port) + path;
    }

    private static boolean isHost(String host) {
        if (host.startsWith("[")) {
            String literal = host.substring(1, host.length() - 1);
            return literal.indexOf(':') >= 0 && IpLiterals.parse(literal).isPresent();
        }
        return host.length() <= LONGEST_HOST && HOST_NAME.matcher(host).matches();
    }

    private static IllegalArgumentException refused(String url, String why) {
        return new IllegalArgumentException("mesh.public-url must be the absolute http or https URL clients reach"
                + " the mesh at, such as https://mesh.example.com/mesh, without a query or fragment; \"" + url
                + "\" is not: " + why);
    }
}
