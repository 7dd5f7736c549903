/**
 * JWTs of one OIDC provider, accepted at the door beside the mesh's own tokens (docs/OIDC.md).
 *
 * <p>Operations: {@link agentmesh.web.security.oidc.IdentityProvider} reads the settings
 * ({@link agentmesh.web.security.oidc.OidcSettings}), finds the provider's keys (its discovery document, lazily) and
 * hands each JWT to {@link agentmesh.web.security.oidc.JwtVerifier} (claims found by {@link
 * agentmesh.web.security.oidc.ClaimPath}), whose {@link
 * agentmesh.web.security.oidc.Verdict} is an agent, an admin or a refusal; {@code BearerTokens} turns it into the
 * request's caller after asking the agents' token cache whether the agent is registered and not rotated since.
 *
 * <p>Invariants: only asymmetric signatures by a published key; {@code iss} exact, {@code aud} containing the
 * audience, {@code exp} and {@code iat} required, {@code exp} and {@code nbf} within the clock skew; the keys are
 * fetched at most once per {@code mesh.auth.oidc.jwks-min-refresh-seconds} however many unknown key ids come; keys
 * out of reach are no refusal (503 with Retry-After, and no failed authentication), never an acceptance; the
 * discovery never runs on a request's thread, one at a time; the provider is reached over https only (plain http on a
 * loopback address alone); an agent's JWT counts as issued after a rotation only by the clock skew's margin.
 *
 * <p>Out of scope: the provider's other grants and ID tokens (the mesh is a resource server only), token
 * introspection, more than one provider.
 */
package agentmesh.web.security.oidc;
