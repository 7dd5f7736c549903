package agentmesh.web.security;

import java.security.Principal;

/** Who is calling: an agent (its id) or an admin. */
public record Caller(String name, boolean admin) implements Principal {

    public static final String ADMIN = "admin";
    public static final String AGENT = "agent";

    static Caller adminCaller() {
        return new Caller(ADMIN, true);
    }

    static Caller agent(String agentId) {
        return new Caller(agentId, false);
    }

    @Override
    public String getName() {
        return name;
    }
}
