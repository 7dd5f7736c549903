package agentmesh.identity.control;

import agentmesh.problem.MeshException;

/** 503: the identity check failed or timed out and no recent answer for the pair is cached. */
public class IdentityUnavailableException extends MeshException {

    public static final int RETRY_AFTER_SECONDS = 5;

    public IdentityUnavailableException(String from, String to) {
        super(
                503,
                "identity-unavailable",
                "Identity check unavailable",
                "Could not check whether " + from + " may talk to " + to + " and no recent answer is known; retry in "
                        + RETRY_AFTER_SECONDS + " s");
    }

    @Override
    public int retryAfterSeconds() {
        return RETRY_AFTER_SECONDS;
    }
}
