package agentmesh.inbox.consumer;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready when every consumer loop of this instance is running: a dead loop would leave its partitions behind. */
@Readiness
@ApplicationScoped
public class ConsumerReadiness implements HealthCheck {

    @EJB
    InboxConsumer consumer;

    @Override
    public HealthCheckResponse call() {
        int running = consumer.runningLoops();
        int expected = consumer.loops();
        return HealthCheckResponse.named("mesh-inbox-consumer").status(running == expected)
                .withData("running", running).withData("threads", expected).build();
    }
}
