package agentmesh.inbox.consumer;

import agentmesh.health.ConsumerReadiness;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Answers the {@code mesh-inbox-consumer} readiness check: up when every consumer loop of this instance is running
 * (a dead loop would leave its partitions behind), with the running and expected counts as data. Where the server's
 * Reactive Messaging reads the topic there are no loops and module {@code mesh-inbox-reactive} answers the check;
 * on a server without Reactive Messaging nothing does, and the check stays down ("starting").
 */
@ApplicationScoped
public class ConsumerProbe {

    @EJB
    InboxConsumer consumer;

    @Inject
    ConsumerSettings settings;

    @Inject
    @Readiness
    ConsumerReadiness check;

    void atStartup(@Observes Startup startup) {
        if (!settings.reactiveMessaging()) {
            check.answerWith(this::probe);
        }
    }

    HealthCheckResponse probe() {
        int running = consumer.runningLoops();
        int expected = consumer.loops();
        return HealthCheckResponse.named(ConsumerReadiness.NAME)
                .status(running == expected)
                .withData("running", running)
                .withData("threads", expected)
                .build();
    }
}
