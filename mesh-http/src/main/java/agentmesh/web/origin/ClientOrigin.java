package agentmesh.web.origin;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import java.net.InetAddress;
import java.net.URI;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Where a request comes from and where the mesh is, as far as the configuration and the trusted proxies
 * ({@code mesh.http.trusted-proxies}) say — never as far as a client says: the client's address, which failed
 * authentications and public requests are counted by, and the base URL of the links the mesh hands out (agent
 * cards, {@code Location}). Both settings are checked when the application starts, and a bad value stops it.
 */
@ApplicationScoped
public class ClientOrigin {

    private static final Logger LOG = Logger.getLogger(ClientOrigin.class.getName());
    private static final String FORWARDED_PROTO = "X-Forwarded-Proto";
    private static final String FORWARDED_HOST = "X-Forwarded-Host";
    private static final String FORWARDED_PORT = "X-Forwarded-Port";

    @Inject
    @ConfigProperty(name = "mesh.http.trusted-proxies")
    Optional<String> trustedProxiesSetting;

    @Inject
    @ConfigProperty(name = "mesh.public-url")
    Optional<String> publicUrlSetting;

    private TrustedProxies trustedProxies = TrustedProxies.none();
    private String publicUrl;

    @PostConstruct
    void readSettings() {
        trustedProxies = trustedProxiesSetting.map(TrustedProxies::parse).orElse(TrustedProxies.none());
        publicUrl = publicUrlSetting
                .filter(url -> !url.isBlank())
                .map(PublicBase::configured)
                .orElse(null);
    }

    /** Made when the application starts, so that a bad setting stops it there and the log says where URLs come from. */
    void atStartup(@Observes Startup startup) {
        if (publicUrl != null) {
            LOG.info("Agent card and Location URLs start with mesh.public-url, " + publicUrl);
        } else {
            LOG.info("mesh.public-url is not set: card URLs follow each request's address ("
                    + (trustedProxies.isEmpty()
                            ? "its Host header"
                            : "X-Forwarded-Proto/Host/Port from" + " mesh.http.trusted-proxies, else its Host header")
                    + "); set mesh.public-url to the URL"
                    + " clients reach the mesh at, such as https://mesh.example.com/mesh");
        }
    }

    /**
     * The client's address: the peer's, unless the peer is a trusted proxy; then the first address in
     * {@code X-Forwarded-For}, from the right, that is not a trusted proxy's ({@link ForwardedFor}).
     */
    public String address(HttpServletRequest request) {
        String peer = request.getRemoteAddr();
        if (trustedProxies.isEmpty()) {
            return peer;
        }
        return ForwardedFor.clientAddress(peer, lines(request, ForwardedFor.HEADER), trustedProxies);
    }

    /**
     * The mesh's base URL for this request's links, without a trailing slash ({@code https://mesh.example.com/mesh}):
     * {@code mesh.public-url} when set; else what a trusted proxy forwarded; else the request's own address.
     */
    public String publicBase(HttpServletRequest request) {
        if (publicUrl != null) {
            return publicUrl;
        }
        PublicBase.RequestAddress own = new PublicBase.RequestAddress(
                request.getScheme(), request.getServerName(), request.getServerPort(), request.getContextPath());
        if (fromTrustedProxy(request)) {
            Optional<String> forwarded = PublicBase.forwarded(
                    value(request, FORWARDED_PROTO),
                    value(request, FORWARDED_HOST),
                    value(request, FORWARDED_PORT),
                    own);
            if (forwarded.isPresent()) {
                return forwarded.get();
            }
        }
        return PublicBase.of(own);
    }

    /**
     * The origin of {@link #publicBase}, {@code scheme://host[:port]} without its path: where the server's root is
     * for this request's client, and the default A2A agent with it.
     */
    public String rootOrigin(HttpServletRequest request) {
        URI base = URI.create(publicBase(request));
        return base.getScheme() + "://" + base.getRawAuthority();
    }

    /**
     * The origin a request was sent to by a host name of an agent's own ({@code mesh.a2a.host-pattern}),
     * {@code scheme://host[:port]}: the host of its Host header, which chose the agent; the scheme and port a
     * trusted proxy forwarded ({@code X-Forwarded-Proto}, {@code -Port}), else the request's own.
     * {@code mesh.public-url} names the mesh's host, not the agent's, and does not apply; nor does
     * {@code X-Forwarded-Host}, which did not choose the agent.
     */
    public String agentHostOrigin(HttpServletRequest request) {
        PublicBase.RequestAddress own = new PublicBase.RequestAddress(
                request.getScheme(), request.getServerName(), request.getServerPort(), "");
        if (fromTrustedProxy(request)) {
            Optional<String> forwarded =
                    PublicBase.forwarded(value(request, FORWARDED_PROTO), null, value(request, FORWARDED_PORT), own);
            if (forwarded.isPresent()) {
                return forwarded.get();
            }
        }
        return PublicBase.of(own);
    }

    private boolean fromTrustedProxy(HttpServletRequest request) {
        Optional<InetAddress> peer = IpLiterals.parsePeer(request.getRemoteAddr());
        return peer.isPresent() && trustedProxies.trusts(peer.get());
    }

    private static List<String> lines(HttpServletRequest request, String header) {
        Enumeration<String> values = request.getHeaders(header);
        return values == null ? List.of() : Collections.list(values);
    }

    // Several lines of one header are one list (RFC 9110), and a list is no single value: joined, they fail the check.
    private static String value(HttpServletRequest request, String header) {
        List<String> lines = lines(request, header);
        return lines.isEmpty() ? null : String.join(",", lines);
    }
}
