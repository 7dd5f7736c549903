package agentmesh.testfaults;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The test-only settings, declared once: {@code mesh.test.faults} switches every test fault on, and with it
 * {@code mesh.test.clock-offset-seconds} sets this server's clock off. Off by default, and never in production.
 */
@ApplicationScoped
public class TestFaultSettings {

    @Inject
    @ConfigProperty(name = "mesh.test.faults", defaultValue = "false")
    boolean enabled;

    @Inject
    @ConfigProperty(name = "mesh.test.clock-offset-seconds", defaultValue = "0")
    long clockOffsetSeconds;

    public boolean enabled() {
        return enabled;
    }

    /** How far this server's clock is set off: zero unless the test faults are on. */
    public Duration clockOffset() {
        return enabled ? Duration.ofSeconds(clockOffsetSeconds) : Duration.ZERO;
    }
}
