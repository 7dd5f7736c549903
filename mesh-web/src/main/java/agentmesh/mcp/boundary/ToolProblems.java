package agentmesh.mcp.boundary;

import agentmesh.problem.MeshException;
import agentmesh.web.Problem;
import agentmesh.web.errors.ConstraintViolationMapper;
import agentmesh.web.errors.MeshExceptionMapper;
import agentmesh.web.errors.UnexpectedExceptionMapper;
import agentmesh.web.errors.WebApplicationExceptionMapper;
import jakarta.validation.ConstraintViolationException;
import jakarta.ws.rs.WebApplicationException;

/**
 * A tool's refusal told as the API tells it: the problem its exception mappers make of the same exception
 * ("404 Unknown agent: …", "400 Invalid request: to must be …"), so that a host reads what an agent's own request
 * would have been answered; anything unexpected is logged with an incident id, as the API's 500 is.
 */
final class ToolProblems {

    private ToolProblems() {}

    static String describe(RuntimeException e) {
        Problem problem = (Problem) (e instanceof MeshException mesh
                        ? new MeshExceptionMapper().toResponse(mesh)
                        : e instanceof ConstraintViolationException invalid
                                ? new ConstraintViolationMapper().toResponse(invalid)
                                : e instanceof WebApplicationException web
                                        ? new WebApplicationExceptionMapper().toResponse(web)
                                        : new UnexpectedExceptionMapper().toResponse(e))
                .getEntity();
        return problem.status() + " " + problem.title() + (problem.detail() == null ? "" : ": " + problem.detail());
    }
}
