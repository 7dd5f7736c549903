/**
 * The refusals of the mesh: what a request asked that the mesh will not do, and how it leaves.
 *
 * <p>Purpose: {@link agentmesh.problem.MeshException} is the base of every refusal a feature throws (unknown agent,
 * illegal transition, conflict, over capacity …); it carries the HTTP status, the problem type and the fields at
 * fault, so that each protocol boundary answers it in its own form: {@code application/problem+json} (RFC 9457) over
 * the HTTP API ({@code agentmesh.web.errors.MeshExceptionMapper}), a JSON-RPC error over A2A, a tool error over MCP.
 *
 * <p>Operations: features subclass {@link agentmesh.problem.MeshException} beside their controls;
 * {@link agentmesh.problem.InvalidRequestException} is the 400 that names the offending field.
 *
 * <p>Invariants: a refusal is an application exception that rolls back whatever the refused request wrote, and
 * reaches the boundary as itself, not wrapped in an {@code EJBException}; its detail is written for the caller and
 * holds nothing of the server's internals.
 */
package agentmesh.problem;
