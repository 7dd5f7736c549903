package agentmesh.web.errors;

import agentmesh.problem.MeshException;
import agentmesh.web.Problem;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.List;

/** The mesh's own refusals: each carries its status and problem type. */
@Provider
public class MeshExceptionMapper implements ExceptionMapper<MeshException> {

    @Override
    public Response toResponse(MeshException e) {
        List<Problem.FieldError> errors = e.fieldErrors().entrySet().stream()
                .map(entry -> new Problem.FieldError(entry.getKey(), entry.getValue()))
                .toList();
        Response.ResponseBuilder response = Problem.of(e.status(), e.type(), e.title(), e.getMessage())
                .withErrors(errors)
                .response();
        if (e.retryAfterSeconds() > 0) {
            response.header("Retry-After", e.retryAfterSeconds());
        }
        return response.build();
    }
}
