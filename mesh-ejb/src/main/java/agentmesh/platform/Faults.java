package agentmesh.platform;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.EnumSet;
import java.util.Set;

/**
 * The test-only fault switch: a request may ask, by header, to fail at a {@link FaultPoint}. It is honoured only when
 * the server runs with {@code mesh.test.faults=true} (the system tests' stack); in production the header does nothing.
 */
@RequestScoped
public class Faults {

    @Inject
    @ConfigProperty(name = "mesh.test.faults", defaultValue = "false")
    boolean enabled;

    private final Set<FaultPoint> requested = EnumSet.noneOf(FaultPoint.class);

    public void request(FaultPoint point) {
        if (enabled) {
            requested.add(point);
        }
    }

    /** Throws when this request asked to fail here. */
    public void trip(FaultPoint point) {
        if (requested.contains(point)) {
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
