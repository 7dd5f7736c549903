/**
 * Who calls: every route takes a bearer token — admin routes ({@link agentmesh.web.security.AdminApi}) the admin
 * token ({@code mesh.admin.token}), the others an agent's; where an OIDC provider is configured, its JWTs too, an
 * admin's by a role and an agent's by a claim ({@code agentmesh.web.security.oidc}, docs/OIDC.md).
 *
 * <p>Operations: {@link agentmesh.web.security.BearerTokens} finds the caller once per request, at the door
 * ({@code AgentGate}), through the agents' token cache; {@link agentmesh.web.security.BearerAuthentication} makes it
 * the JAX-RS request's principal ({@link agentmesh.web.security.Caller}, read by
 * {@link agentmesh.web.security.Callers}); {@link agentmesh.web.security.FailedAuthentications} limits failed tokens
 * per client address.
 *
 * <p>Invariants: no or an unknown token → 401, the wrong kind → 403; a string that cannot be an agent's token costs
 * no hash and no lookup; the admin token is compared in constant time, and one shorter than 16 characters is no admin
 * token; an address that keeps presenting unknown tokens is refused (429) without a lookup, except for agent tokens
 * the server has cached.
 */
package agentmesh.web.security;
