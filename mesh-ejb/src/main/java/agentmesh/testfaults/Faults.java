package agentmesh.testfaults;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import java.util.EnumSet;
import java.util.Set;
import java.util.logging.Logger;

/**
 * The test-only fault switch: a request may ask, by header, to fail at a {@link FaultPoint}. It is honoured only when
 * the server runs with {@code mesh.test.faults=true} (the system tests' stack); in production the header does nothing
 * and a fault point costs a field read. The points a request asked for travel with its thread, from the request
 * filter that reads the header to the send's transaction, which runs on the same thread.
 */
@ApplicationScoped
public class Faults {

    private static final Logger LOG = Logger.getLogger(Faults.class.getName());

    @Inject
    TestFaultSettings settings;

    // read once: a fault point off costs a field read
    boolean enabled;

    private final ThreadLocal<Set<FaultPoint>> requested =
            ThreadLocal.withInitial(() -> EnumSet.noneOf(FaultPoint.class));

    @PostConstruct
    void readSettings() {
        enabled = settings.enabled();
    }

    /** Said once at start, so that faults switched on where they do not belong are seen. */
    void atStartup(@Observes Startup startup) {
        if (enabled) {
            LOG.warning("Test faults are ON (mesh.test.faults=true): requests may ask this server to fail on purpose."
                    + " Never in production.");
        }
    }

    public boolean enabled() {
        return enabled;
    }

    /** This thread's request asks to fail at the point. */
    public void request(FaultPoint point) {
        if (enabled) {
            requested.get().add(point);
        }
    }

    /** The request is over: its thread may serve another. */
    public void clear() {
        if (enabled) {
            requested.remove();
        }
    }

    /** This thread's request asked for a fault: its work stays on this thread. */
    public boolean requestedAny() {
        return enabled && !requested.get().isEmpty();
    }

    /** Throws when this thread's request asked to fail here. */
    public void trip(FaultPoint point) {
        if (enabled && requested.get().contains(point)) {
            throw new InjectedFault(point);
        }
    }

    /** A system exception on purpose: it rolls the transaction back like any unexpected failure. */
    public static class InjectedFault extends RuntimeException {
        InjectedFault(FaultPoint point) {
            super("injected fault at " + point);
        }
    }
}
