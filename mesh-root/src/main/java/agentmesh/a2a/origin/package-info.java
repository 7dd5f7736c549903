/**
 * Mesh agents at an origin of their own: the module at the server's root ({@code /}).
 *
 * <p>Purpose: A2A clients discover an agent at {@code https://host/.well-known/agent-card.json} and call it at
 * {@code https://host/}. The mesh serves every agent at {@code /mesh/a2a/{agentId}}; this module lets the same
 * agent be reached at its own host name ({@code mesh.a2a.host-pattern}, e.g. {@code {agent}.agents.example.com})
 * and one chosen agent at the server's root ({@code mesh.a2a.default-agent}).
 *
 * <p>Operations: {@link agentmesh.a2a.origin.AgentOrigins}, a filter on every request at {@code /}, forwards an
 * agent's requests into the mesh's context ({@code ServletContext.getContext("/mesh")}), decided by
 * {@link agentmesh.a2a.origin.OriginRoutes}.
 *
 * <p>Invariants: a forwarded request is the same request (token, body, client address) and passes the same door
 * in the mesh, once; the card it gets names the origin it was asked at. A host's label goes to the mesh in the
 * agent's place, and the mesh finds the agent of that label: the one an admin gave it ({@code hostLabel}), else the
 * agent whose id it is (a lowercase DNS label, 3-63 of {@code [a-z0-9-]}); every agent keeps its path form. A request that is no agent's
 * goes on unchanged, so the server's own endpoints at the root ({@code /health}, {@code /metrics},
 * {@code /openapi}, which Payara gives to the module at {@code /}) answer as before.
 *
 * <p>Out of scope: redirects; anything but A2A at an
 * agent's origin. The module holds no state and reaches the mesh only through the forward.
 */
package agentmesh.a2a.origin;
