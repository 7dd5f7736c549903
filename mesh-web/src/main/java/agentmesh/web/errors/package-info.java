/**
 * Exceptions made into problem details: the mesh's own refusals ({@link agentmesh.web.errors.MeshExceptionMapper},
 * each with its status and type), Bean Validation ({@link agentmesh.web.errors.ConstraintViolationMapper}, one field
 * error per violation), unreadable bodies ({@link agentmesh.web.errors.UnreadableBodyMapper},
 * {@link agentmesh.web.errors.JsonbExceptionMapper}), JAX-RS's own errors
 * ({@link agentmesh.web.errors.WebApplicationExceptionMapper}) and anything else
 * ({@link agentmesh.web.errors.UnexpectedExceptionMapper}: 500 with an incident id, logged, never a stack trace);
 * {@link agentmesh.web.errors.ClientDisconnects} counts clients that left before their answer instead of logging a
 * stack for each.
 */
package agentmesh.web.errors;
