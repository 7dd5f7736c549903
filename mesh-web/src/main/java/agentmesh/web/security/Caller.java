package agentmesh.web.security;

import java.security.Principal;

/** Who is calling: an agent (its id) or an admin. */
public record Caller(String name, boolean admin) implements Principal {

    public static final String ADMIN = "admin";
    public static final String AGENT = "agent";

    @Override
    public String getName() {
        return name;
    }
}
