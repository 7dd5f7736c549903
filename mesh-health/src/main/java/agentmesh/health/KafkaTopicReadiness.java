package agentmesh.health;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready when the events topic is there as configured (partitions, replicas, min.insync.replicas, record size):
 * otherwise the reasons, instead of the mesh running degraded. Warnings do not make the server unready.
 */
@Readiness
@ApplicationScoped
public class KafkaTopicReadiness extends ReadinessCheck {

    public static final String NAME = "mesh-kafka-topic";

    @Override
    public String name() {
        return NAME;
    }
}
