package agentmesh.web.security;

import jakarta.ws.rs.core.SecurityContext;
import java.security.Principal;

record CallerSecurityContext(Caller caller, boolean secure) implements SecurityContext {

    @Override
    public Principal getUserPrincipal() {
        return caller;
    }

    @Override
    public boolean isUserInRole(String role) {
        return caller.admin() ? Caller.ADMIN.equals(role) : Caller.AGENT.equals(role);
    }

    @Override
    public boolean isSecure() {
        return secure;
    }

    @Override
    public String getAuthenticationScheme() {
        return "Bearer";
    }
}
