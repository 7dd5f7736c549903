package agentmesh.web.security.oidc;

import java.time.Duration;

/**
 * The provider's keys or discovery document could not be fetched, or are being fetched: the JWT can be neither
 * accepted nor refused now. The door answers 503 with Retry-After, not 401, and does not count it as a failed
 * authentication.
 */
public class ProviderUnavailable extends RuntimeException {

    private final Duration retryAfter;

    ProviderUnavailable(String message, Throwable cause, Duration retryAfter) {
        super(message, cause);
        this.retryAfter = retryAfter;
    }

    /** When the mesh will ask the provider again: whole seconds, at least one. */
    public long retryAfterSeconds() {
        return Math.max(1, (retryAfter.toMillis() + 999) / 1000);
    }
}
