package agentmesh.web.errors;

import agentmesh.operations.metrics.MeshMeters;
import agentmesh.operations.metrics.MeshMeters.MeshCounter;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import java.io.IOException;
import java.util.logging.Filter;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * A client that goes away before its answer is written — a long poll given up, a stream closed — is no fault of the
 * server's, but Jersey (Payara's JAX-RS) logs each one as a SEVERE stack trace ("Error while closing the output
 * stream in order to commit response"). Those records are counted instead ({@code agent_mesh_client_disconnects_total})
 * and logged at FINE; anything else that logger says passes as it is. Where JAX-RS is not Jersey (WildFly), the logger
 * is never used and this costs nothing.
 */
@ApplicationScoped
public class ClientDisconnects {

    static final String JERSEY_RESPONDER = "org.glassfish.jersey.server.ServerRuntime$Responder";

    // Held here: java.util.logging keeps loggers weakly, and a collected logger would lose its filter.
    private final Logger responder = Logger.getLogger(JERSEY_RESPONDER);

    @Inject
    MeshMeters meters;

    private MeshCounter disconnects;
    private Filter before;

    @PostConstruct
    void install() {
        disconnects = meters.counter(
                "agent_mesh_client_disconnects_total", "Responses not written because the client had gone");
        before = responder.getFilter();
        responder.setFilter(record -> {
            if (isClientGone(record)) {
                disconnects.inc();
                record.setLevel(Level.FINE);
                return responder.isLoggable(Level.FINE);
            }
            return before == null || before.isLoggable(record);
        });
    }

    /** The logger is the server's, not the application's: it gets its filter back when the application goes. */
    @PreDestroy
    void uninstall() {
        responder.setFilter(before);
    }

    void atStartup(@Observes Startup startup) {
        // the bean's creation installs the filter
    }

    /** A write or close that failed with an I/O error: the connection was gone. */
    static boolean isClientGone(LogRecord record) {
        for (Throwable cause = record.getThrown(); cause != null; cause = cause.getCause()) {
            if (cause instanceof IOException) {
                return true;
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return false;
    }
}
