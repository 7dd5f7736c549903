package agentmesh.web.security.oidc;

import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.util.Resource;
import com.nimbusds.jose.util.ResourceRetriever;
import java.io.IOException;
import java.net.URL;
import java.text.ParseException;

/**
 * The fetches of the provider's keys, and whether the last one failed: nimbus's rate limit answers a fetch asked for
 * too soon alike whether the provider was reached last time or not, and only the latter is the provider's outage (503),
 * not a key it does not publish (401). An answer that is no JWK set (an error page served with 200) is the provider's
 * failure too: no key could be looked for in it.
 */
final class KeyFetches implements ResourceRetriever {

    private final ResourceRetriever retriever;
    private volatile boolean lastFailed;

    KeyFetches(ResourceRetriever retriever) {
        this.retriever = retriever;
    }

    @Override
    public Resource retrieveResource(URL url) throws IOException {
        try {
            Resource keys = retriever.retrieveResource(url);
            lastFailed = !isKeySet(keys);
            return keys;
        } catch (IOException | RuntimeException e) {
            lastFailed = true;
            throw e;
        }
    }

    /** Whether the provider could not be reached, or answered no JWK set, at the last fetch. */
    boolean lastFailed() {
        return lastFailed;
    }

    // Parsed as nimbus's key source parses it (which fails the fetch alike); a fetch is minutes apart.
    private static boolean isKeySet(Resource keys) {
        try {
            JWKSet.parse(keys.getContent());
            return true;
        } catch (ParseException e) {
            return false;
        }
    }
}
