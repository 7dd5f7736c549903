package agentmesh.web.security.oidc;

import com.nimbusds.jose.util.Resource;
import com.nimbusds.jose.util.ResourceRetriever;
import java.io.IOException;
import java.net.URL;

/**
 * The fetches of the provider's keys, and whether the last one failed: nimbus's rate limit answers a fetch asked for
 * too soon alike whether the provider was reached last time or not, and only the latter is the provider's outage (503),
 * not a key it does not publish (401).
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
            lastFailed = false;
            return keys;
        } catch (IOException | RuntimeException e) {
            lastFailed = true;
            throw e;
        }
    }

    /** Whether the provider could not be reached (or answered no keys) at the last fetch. */
    boolean lastFailed() {
        return lastFailed;
    }
}
