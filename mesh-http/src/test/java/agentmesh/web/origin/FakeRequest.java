package agentmesh.web.origin;

import jakarta.servlet.http.HttpServletRequest;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** A request as the container gives it: from a peer, for a scheme, host and port, with headers. */
final class FakeRequest {

    private final Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    private final String peer;
    private String scheme = "http";
    private String serverName = "10.0.0.5";
    private int serverPort = 8080;

    private FakeRequest(String peer) {
        this.peer = peer;
    }

    static FakeRequest from(String peer) {
        return new FakeRequest(peer);
    }

    FakeRequest header(String name, String value) {
        headers.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
        return this;
    }

    FakeRequest sentTo(String scheme, String serverName, int serverPort) {
        this.scheme = scheme;
        this.serverName = serverName;
        this.serverPort = serverPort;
        return this;
    }

    HttpServletRequest request() {
        return (HttpServletRequest) Proxy.newProxyInstance(
                FakeRequest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getRemoteAddr" -> peer;
                    case "getScheme" -> scheme;
                    case "getServerName" -> serverName;
                    case "getServerPort" -> serverPort;
                    case "getContextPath" -> "/mesh";
                    case "getHeaders" -> Collections.enumeration(headers.getOrDefault((String) args[0], List.of()));
                    case "getHeader" ->
                        headers.getOrDefault((String) args[0], List.of()).stream()
                                .findFirst()
                                .orElse(null);
                    default ->
                        throw new UnsupportedOperationException(method.getName().toLowerCase(Locale.ROOT));
                });
    }
}
