/**
 * The JAX-RS application at {@code /mesh/api/v1}.
 *
 * <p>Operations: {@link agentmesh.web.api.MeshApplication} names the path; resources and providers are discovered, in
 * this module's classes and in its jars (mesh-http, mesh-a2a). {@link agentmesh.web.api.StrictJson} is the API's JSON
 * binding.
 *
 * <p>Invariant: a text field of a request body takes only a JSON string: a number or a boolean where text belongs is
 * a 400, not coerced.
 */
package agentmesh.web.api;
