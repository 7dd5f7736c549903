package agentmesh.web.errors;

import agentmesh.retry.Failures;
import agentmesh.web.Problem;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Anything else: the database out of reach for a moment (a lost connection, a lock wait timeout, a deadlock — the
 * surroundings' failures, {@link Failures#isTransient}) is a 503 with {@code Retry-After}, which a client retries as
 * any other (a send with its {@code messageId} is stored once); the rest is the mesh's fault, logged with an incident
 * id and answered with 500 and that id, never a trace.
 */
@Provider
public class UnexpectedExceptionMapper implements ExceptionMapper<Throwable> {

    private static final Logger LOG = Logger.getLogger(UnexpectedExceptionMapper.class.getName());

    @Override
    public Response toResponse(Throwable e) {
        if (Failures.isTransient(e)) {
            LOG.log(Level.WARNING, "Database unavailable for a request, answered 503: {0}", e.toString());
            return Problem.of(
                            503,
                            "service-unavailable",
                            "Service unavailable",
                            "The mesh could not reach its database; try again. A send is safe to retry with its"
                                    + " messageId.")
                    .response()
                    .header("Retry-After", "1")
                    .build();
        }
        String incident = UUID.randomUUID().toString();
        LOG.log(Level.SEVERE, "Unexpected failure, incident " + incident, e);
        return Problem.of(
                        500,
                        "internal-error",
                        "Internal error",
                        "The mesh failed to handle the request; nothing was accepted. Incident " + incident)
                .response()
                .build();
    }
}
