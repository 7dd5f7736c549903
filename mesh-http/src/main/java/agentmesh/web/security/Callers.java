package agentmesh.web.security;

import jakarta.ws.rs.core.SecurityContext;

/** The authenticated agent of a request (the filter has run: there always is one on agent routes). */
public final class Callers {

    private Callers() {}

    public static String agentId(SecurityContext security) {
        return security.getUserPrincipal().getName();
    }

    /** The hash of the token the agent called with: what its open streams and long polls are tied to. */
    public static String tokenHash(SecurityContext security) {
        return ((Caller) security.getUserPrincipal()).tokenHash();
    }
}
