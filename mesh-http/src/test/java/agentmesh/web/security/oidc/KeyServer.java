package agentmesh.web.security.oidc;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A provider's key endpoint on loopback: the JWKS it serves (public keys only) can be changed, as a provider rotates
 * its keys, and it counts the fetches. Its discovery document names it.
 */
final class KeyServer implements AutoCloseable {

    private final HttpServer server;
    private final AtomicReference<String> published = new AtomicReference<>(new JWKSet().toString(true));
    private final AtomicInteger fetches = new AtomicInteger();
    private volatile String issuer = "http://issuer.invalid";
    private volatile URI advertisedKeys;

    KeyServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/keys", exchange -> {
            fetches.incrementAndGet();
            answer(exchange, published.get());
        });
        server.createContext(
                "/.well-known/openid-configuration",
                exchange -> answer(
                        exchange,
                        "{\"issuer\":\"" + issuer + "\",\"jwks_uri\":\""
                                + (advertisedKeys == null ? keys() : advertisedKeys) + "\"}"));
        server.start();
    }

    private static void answer(com.sun.net.httpserver.HttpExchange exchange, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    URI base() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    URI keys() {
        return base().resolve("/keys");
    }

    void publish(JWK... keys) {
        published.set(new JWKSet(List.of(keys)).toString(true));
    }

    /** Serves this instead of a JWK set, with 200, as a provider behind a misconfigured proxy might. */
    void serveInsteadOfKeys(String body) {
        published.set(body);
    }

    void discoveryNames(String issuer) {
        this.issuer = issuer;
    }

    /** The discovery document names these keys instead of its own. */
    void discoveryNamesKeysAt(URI keys) {
        this.advertisedKeys = keys;
    }

    int fetches() {
        return fetches.get();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
