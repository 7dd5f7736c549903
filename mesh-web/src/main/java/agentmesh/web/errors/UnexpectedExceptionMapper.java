package agentmesh.web.errors;

import agentmesh.web.Problem;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Anything else is the mesh's fault: logged with an incident id, answered with 500 and that id, never a trace. */
@Provider
public class UnexpectedExceptionMapper implements ExceptionMapper<Throwable> {

    private static final Logger LOG = Logger.getLogger(UnexpectedExceptionMapper.class.getName());

    @Override
    public Response toResponse(Throwable e) {
        String incident = UUID.randomUUID().toString();
        LOG.log(Level.SEVERE, "Unexpected failure, incident " + incident, e);
        return Problem.of(500, "internal-error", "Internal error",
                "The mesh failed to handle the request; nothing was accepted. Incident " + incident)
                .response().build();
    }
}
