package agentmesh.outbox.control;

import agentmesh.health.KafkaReadiness;
import agentmesh.health.KafkaTopicReadiness;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Answers the Kafka readiness checks: {@code mesh-kafka}, up when a broker answers (within 2 s; asked at most every
 * 2 s), and {@code mesh-kafka-topic}, up when the events topic is as configured, with the problems and warnings
 * (a retention longer than the dedup's) as data.
 */
@ApplicationScoped
public class KafkaProbes {

    @EJB
    KafkaCluster kafka;

    @EJB
    InboxTopic topic;

    @Inject
    @Readiness
    KafkaReadiness kafkaCheck;

    @Inject
    @Readiness
    KafkaTopicReadiness topicCheck;

    void atStartup(@Observes Startup startup) {
        kafkaCheck.answerWith(this::kafka);
        topicCheck.answerWith(this::topic);
    }

    HealthCheckResponse kafka() {
        return kafka.unreachable()
                .map(problem -> HealthCheckResponse.named(KafkaReadiness.NAME)
                        .down()
                        .withData("error", problem)
                        .build())
                .orElseGet(() ->
                        HealthCheckResponse.named(KafkaReadiness.NAME).up().build());
    }

    HealthCheckResponse topic() {
        InboxTopic.State state = topic.state();
        HealthCheckResponseBuilder response =
                HealthCheckResponse.named(KafkaTopicReadiness.NAME).status(state.fit());
        for (int i = 0; i < state.problems().size(); i++) {
            response.withData("problem" + (i + 1), state.problems().get(i));
        }
        for (int i = 0; i < state.warnings().size(); i++) {
            response.withData("warning" + (i + 1), state.warnings().get(i));
        }
        return response.build();
    }
}
