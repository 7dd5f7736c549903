package agentmesh.time;

import agentmesh.testfaults.TestFaultSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
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
    TestFaultSettings testFaults;

    @Produces
    @ApplicationScoped
    Clock clock() {
        Duration offset = testFaults.clockOffset();
        return offset.isZero() ? Clock.systemUTC() : Clock.offset(Clock.systemUTC(), offset);
    }
}
