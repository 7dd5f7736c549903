package agentmesh.web.errors;

import agentmesh.web.Problem;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.Path;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Comparator;
import java.util.List;

/** Bean Validation of request bodies and parameters: 400 with one field error per violation. */
@Provider
public class ConstraintViolationMapper implements ExceptionMapper<ConstraintViolationException> {

    @Override
    public Response toResponse(ConstraintViolationException e) {
        List<Problem.FieldError> errors = e.getConstraintViolations().stream()
                .map(v -> new Problem.FieldError(field(v), v.getMessage()))
                .sorted(Comparator.comparing(Problem.FieldError::field))
                .toList();
        String detail = errors.stream()
                .map(error -> error.field() + " " + error.message())
                .reduce((a, b) -> a + "; " + b)
                .orElse("invalid request");
        return Problem.of(400, "invalid-request", "Invalid request", detail)
                .withErrors(errors)
                .response()
                .build();
    }

    // The path is method.parameter.property…; the API names only what the client sent: the last node.
    private static String field(ConstraintViolation<?> violation) {
        String field = "request";
        for (Path.Node node : violation.getPropertyPath()) {
            if (node.getKind() != jakarta.validation.ElementKind.METHOD) {
                field = node.getName();
            }
        }
        return field;
    }
}
