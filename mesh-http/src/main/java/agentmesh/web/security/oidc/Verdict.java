package agentmesh.web.security.oidc;

import java.time.Instant;

/** What a JWT from the identity provider says of its bearer, once its signature and claims are checked. */
public sealed interface Verdict {

    /** An agent: the id in the configured claim, and when the JWT was issued (what a token rotation revokes). */
    record Agent(String agentId, Instant issuedAt) implements Verdict {}

    /** An admin: the JWT carries the configured admin role. */
    record Admin() implements Verdict {}

    /** Not accepted, and why (for the log: the client is told only that its token is not valid). */
    record Refused(String reason) implements Verdict {}
}
