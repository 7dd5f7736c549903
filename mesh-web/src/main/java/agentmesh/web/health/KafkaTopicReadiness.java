package agentmesh.web.health;

import agentmesh.outbox.control.InboxTopic;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready when the events topic is there as configured (partitions, replicas, min.insync.replicas, record size):
 * otherwise the reasons, instead of the mesh running degraded. Warnings (a retention longer than the dedup's) are
 * shown but do not make the server unready.
 */
@Readiness
@ApplicationScoped
public class KafkaTopicReadiness implements HealthCheck {

    @EJB
    InboxTopic topic;

    @Override
    public HealthCheckResponse call() {
        InboxTopic.State state = topic.state();
        HealthCheckResponseBuilder response = HealthCheckResponse.named("mesh-kafka-topic").status(state.fit());
        for (int i = 0; i < state.problems().size(); i++) {
            response.withData("problem" + (i + 1), state.problems().get(i));
        }
        for (int i = 0; i < state.warnings().size(); i++) {
            response.withData("warning" + (i + 1), state.warnings().get(i));
        }
        return response.build();
    }
}
