package agentmesh.inbox.reactive;

import agentmesh.health.ConsumerReadiness;
import io.smallrye.reactive.messaging.health.HealthReport;
import io.smallrye.reactive.messaging.providers.extension.HealthCenter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Answers the {@code mesh-inbox-consumer} readiness check where Reactive Messaging reads the topic (the plain
 * consumer's probe leaves it to this one then): up while SmallRye reports its channels ready and alive — a channel
 * stopped by a failed batch is not —, with each channel's report as data. WildFly's Health does not show
 * Reactive Messaging's own checks, hence this one.
 */
@ApplicationScoped
public class ReactiveConsumerProbe {

    @Inject
    HealthCenter health;

    @Inject
    @Readiness
    ConsumerReadiness check;

    void atStartup(@Observes Startup startup) {
        check.answerWith(this::probe);
    }

    HealthCheckResponse probe() {
        HealthReport ready = health.getReadiness();
        HealthReport alive = health.getLiveness();
        HealthCheckResponseBuilder response = HealthCheckResponse.named(ConsumerReadiness.NAME)
                .status(ready.isOk() && alive.isOk())
                .withData("reactiveMessaging", true);
        for (HealthReport report : new HealthReport[] {ready, alive}) {
            report.getChannels().stream()
                    .filter(channel -> !channel.isOk())
                    .forEach(channel -> response.withData(channel.getChannel(), String.valueOf(channel.getMessage())));
        }
        return response.build();
    }
}
