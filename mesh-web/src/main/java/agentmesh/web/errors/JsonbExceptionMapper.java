package agentmesh.web.errors;

import jakarta.json.bind.JsonbException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** JSON-B's failure to bind a body, when the JAX-RS provider lets it through unwrapped. */
@Provider
public class JsonbExceptionMapper implements ExceptionMapper<JsonbException> {

    @Override
    public Response toResponse(JsonbException e) {
        return UnreadableBodyMapper.problemFor(e);
    }
}
