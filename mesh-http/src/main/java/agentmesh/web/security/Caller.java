package agentmesh.web.security;

import java.security.Principal;

/**
 * Who is calling: an agent (its id, and the hash of the token it called with — what a rotation revokes) or an admin.
 */
public record Caller(String name, boolean admin, String tokenHash) implements Principal {

    public static final String ADMIN = "admin";
    public static final String AGENT = "agent";

    static Caller adminCaller() {
        return new Caller(ADMIN, true, null);
    }

    static Caller agent(String agentId, String tokenHash) {
        return new Caller(agentId, false, tokenHash);
    }

    @Override
    public String getName() {
        return name;
    }
}
