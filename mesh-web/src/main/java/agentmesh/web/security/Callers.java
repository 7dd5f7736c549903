package agentmesh.web.security;

import jakarta.ws.rs.core.SecurityContext;

/** The authenticated agent of a request (the filter has run: there always is one on agent routes). */
public final class Callers {

    private Callers() {
    }

    public static String agentId(SecurityContext security) {
        return security.getUserPrincipal().getName();
    }
}
