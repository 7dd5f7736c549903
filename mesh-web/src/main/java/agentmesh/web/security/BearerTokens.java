package agentmesh.web.security;

import agentmesh.agent.control.AgentTokens;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;

/**
 * Who an {@code Authorization: Bearer …} header belongs to: the admin (the token from configuration) or an agent
 * (its token, through the agents' token cache). Found once per request, at the door, and kept with the request.
 */
@ApplicationScoped
public class BearerTokens {

    private static final String PREFIX = "Bearer ";
    private static final String ATTRIBUTE = Caller.class.getName();
    private static final int MAX_TOKEN_LENGTH = 512;

    @Inject
    AgentTokens agents;

    @Inject
    @ConfigProperty(name = "mesh.admin.token")
    Optional<String> adminToken;

    /** The caller of the request, found at the door (or now, if the request did not pass it). */
    public Optional<Caller> callerOf(HttpServletRequest request) {
        Object found = request.getAttribute(ATTRIBUTE);
        if (found instanceof Caller caller) {
            return Optional.of(caller);
        }
        Optional<Caller> caller = callerOf(request.getHeader("Authorization"));
        caller.ifPresent(c -> request.setAttribute(ATTRIBUTE, c));
        return caller;
    }

    private Optional<Caller> callerOf(String authorization) {
        return token(authorization).flatMap(token -> isAdminToken(token) ? Optional.of(Caller.adminCaller())
                : agents.agentOf(token).map(Caller::agent));
    }

    private boolean isAdminToken(String token) {
        return adminToken.map(expected -> MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8),
                token.getBytes(StandardCharsets.UTF_8))).orElse(false);
    }

    private static Optional<String> token(String header) {
        if (header == null || !header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
            return Optional.empty();
        }
        String token = header.substring(PREFIX.length()).trim();
        return token.isEmpty() || token.length() > MAX_TOKEN_LENGTH ? Optional.empty() : Optional.of(token);
    }
}
