/**
 * The mesh's OpenAPI document, served by the server at {@code /openapi}.
 *
 * <p>Purpose: the server derives the paths from the JAX-RS resources; {@link agentmesh.openapi.MeshOpenApi} (the
 * filter named by {@code mp.openapi.filter}) completes them with what the resources cannot say: the title, the admin
 * and agent bearer schemes with each operation's requirement, the problem details schema, the errors every operation
 * may answer and examples of the first requests. The contract in prose is {@code docs/API.md}.
 *
 * <p>Invariants: every operation under {@code /api/v1/} names its security scheme and its problem answers; the same
 * document on Payara (MicroProfile OpenAPI 3.1) and WildFly (4.0). In the EJB module, not the web module, because
 * Payara loads the filter through the application's class loader, which does not see the web module's classes.
 */
package agentmesh.openapi;
