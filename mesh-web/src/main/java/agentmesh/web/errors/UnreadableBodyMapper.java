package agentmesh.web.errors;

import agentmesh.web.Problem;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** A body that could not be read: malformed JSON, or a JSON shape that does not fit the request → 400. */
@Provider
public class UnreadableBodyMapper implements ExceptionMapper<ProcessingException> {

    @Override
    public Response toResponse(ProcessingException e) {
        return problemFor(e);
    }

    static Response problemFor(Throwable e) {
        return Problem.of(
                        400,
                        "malformed-body",
                        "Malformed request body",
                        "The body is not a JSON document of the expected shape: " + rootMessage(e))
                .response()
                .build();
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        return message.length() > 300 ? message.substring(0, 300) + "…" : message;
    }
}
