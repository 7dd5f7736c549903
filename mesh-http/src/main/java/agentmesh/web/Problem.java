package agentmesh.web;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;

/** An RFC 9457 problem details body: every error the API returns has this shape. */
public record Problem(String type, String title, int status, String detail, List<FieldError> errors) {

    public static final String MEDIA_TYPE = "application/problem+json";
    private static final String TYPE_BASE = "https://agent-mesh.dev/problems/";

    public record FieldError(String field, String message) {}

    public static Problem of(int status, String type, String title, String detail) {
        return new Problem(TYPE_BASE + type, title, status, detail, null);
    }

    public Problem withErrors(List<FieldError> fieldErrors) {
        return new Problem(type, title, status, detail, fieldErrors.isEmpty() ? null : List.copyOf(fieldErrors));
    }

    public Response.ResponseBuilder response() {
        return Response.status(status).type(MediaType.valueOf(MEDIA_TYPE)).entity(this);
    }
}
