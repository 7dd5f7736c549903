package agentmesh.web.errors;

import agentmesh.web.Problem;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Locale;

/** JAX-RS's own errors (unknown path 404, wrong method 405, wrong media type 415, …) as problem details. */
@Provider
public class WebApplicationExceptionMapper implements ExceptionMapper<WebApplicationException> {

    @Override
    public Response toResponse(WebApplicationException e) {
        Response original = e.getResponse();
        if (original.hasEntity() && MediaType.valueOf(Problem.MEDIA_TYPE).isCompatible(original.getMediaType())) {
            return original;
        }
        Response.StatusType status = original.getStatusInfo();
        String title = status.getReasonPhrase();
        String type = title.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
        Response.ResponseBuilder response = Problem.of(
                        status.getStatusCode(), type, title, e.getMessage() == null ? title : e.getMessage())
                .response();
        original.getHeaders().forEach((name, values) -> {
            if (!name.equalsIgnoreCase("Content-Type")) {
                values.forEach(value -> response.header(name, value));
            }
        });
        return response.build();
    }
}
