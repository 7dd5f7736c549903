package agentmesh.time;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Clock;
import java.time.Duration;

/**
 * The one source of time: controls inject a {@link Clock} so that tests can fix it. With the test switches on, a
 * server's clock can be set off by {@code mesh.test.clock-offset-seconds}: two instances with clocks apart must
 * still keep every recipient's order (the outbox takes its times from the database's clock).
 */
@ApplicationScoped
public class ClockProducer {

    @Inject
    @ConfigProperty(name = "mesh.test.faults", defaultValue = "false")
    boolean testFaults;

    @Inject
    @ConfigProperty(name = "mesh.test.clock-offset-seconds", defaultValue = "0")
    long offsetSeconds;

    @Produces
    @ApplicationScoped
    Clock clock() {
        return testFaults && offsetSeconds != 0 ? Clock.offset(Clock.systemUTC(), Duration.ofSeconds(offsetSeconds))
                : Clock.systemUTC();
    }
}
