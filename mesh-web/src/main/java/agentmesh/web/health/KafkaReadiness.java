package agentmesh.web.health;

import agentmesh.outbox.control.KafkaCluster;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready when a Kafka broker answers (within 2 s; asked at most every 2 s). Without one the mesh still accepts
 * messages (the outbox keeps them and publishes them once the broker is back), but delivers none: a load balancer
 * that should keep taking sends through a broker outage must route on {@code mesh-database} alone.
 */
@Readiness
@ApplicationScoped
public class KafkaReadiness implements HealthCheck {

    @EJB
    KafkaCluster kafka;

    @Override
    public HealthCheckResponse call() {
        return kafka.unreachable()
                .map(problem -> HealthCheckResponse.named("mesh-kafka").down().withData("error", problem).build())
                .orElseGet(() -> HealthCheckResponse.named("mesh-kafka").up().build());
    }
}
