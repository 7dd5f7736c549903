/**
 * What the boundaries of {@code /mesh} share (the JAX-RS API, the A2A facade, MCP): bodies read by hand
 * ({@link agentmesh.web.JsonBodies}); the checks of text fields ({@link agentmesh.web.Text}), ids
 * ({@link agentmesh.web.Ids}) and numbers in queries and headers ({@link agentmesh.web.QueryNumbers}); the one
 * pagination vocabulary of every paged route ({@link agentmesh.web.PageQuery}: {@code cursor}, {@code limit},
 * {@code after} as an alias); problem details ({@link agentmesh.web.Problem}, {@link agentmesh.web.ProblemResponses}
 * for servlet filters); token buckets ({@link agentmesh.web.TokenBucket}, {@link agentmesh.web.AddressBuckets}); the
 * build's version ({@link agentmesh.web.MeshVersion}). The JAX-RS application itself and its JSON binding are
 * mesh-web's ({@code agentmesh.web.api}).
 *
 * <p>Invariant: every refusal of the API ({@code /api/v1}) leaves as {@code application/problem+json}; a malformed
 * number or body is a 400 that names the parameter or field, not JAX-RS's 404 nor a 500 from inside the server. (The
 * A2A facade and MCP answer errors in their protocols' own shapes.)
 */
package agentmesh.web;
