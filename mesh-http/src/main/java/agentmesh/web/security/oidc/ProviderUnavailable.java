package agentmesh.web.security.oidc;

/**
 * The provider's keys or discovery document could not be fetched: the JWT can be neither accepted nor refused now
 * (the door answers 503 with Retry-After, not 401).
 */
public class ProviderUnavailable extends RuntimeException {

    ProviderUnavailable(String message, Throwable cause) {
        super(message, cause);
    }
}
