package agentmesh.health;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready when a Kafka broker answers. Without one the mesh still accepts messages (the outbox keeps them and
 * publishes them once the broker is back), but delivers none: a load balancer that should keep taking sends through a
 * broker outage must route on {@code mesh-database} alone.
 */
@Readiness
@ApplicationScoped
public class KafkaReadiness extends ReadinessCheck {

    public static final String NAME = "mesh-kafka";

    @Override
    public String name() {
        return NAME;
    }
}
