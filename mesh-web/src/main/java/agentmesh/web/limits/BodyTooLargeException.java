package agentmesh.web.limits;

import agentmesh.web.Problem;
import jakarta.ws.rs.WebApplicationException;

/** 413: the body is longer than {@code mesh.http.max-body-bytes}. */
public class BodyTooLargeException extends WebApplicationException {

    public BodyTooLargeException(long limit) {
        super(Problem.of(413, "body-too-large", "Request body too large",
                "The request body is larger than the limit of " + limit + " bytes").response().build());
    }
}
