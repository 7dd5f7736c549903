package agentmesh.operations;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import java.time.Duration;
import java.util.List;
import java.util.logging.Logger;

/**
 * While a broker is away, Kafka's clients warn at every reconnect of every client (thousands of lines in a long
 * outage); the mesh says the outage itself once (the dispatcher's warning, the recent faults in the admin stats).
 * This keeps one line per kind of warning per minute from the loggers that repeat, with the number of lines left
 * out. A java.util.logging filter applies to its own logger only, so each one that repeats is named here; the
 * filters are removed when the application stops, so that no class of it stays held by the server's loggers.
 */
@ApplicationScoped
public class KafkaLogThrottle {

    private static final List<String> REPEATING_LOGGERS = List.of(
            "org.apache.kafka.clients.NetworkClient",
            "org.apache.kafka.clients.Metadata",
            "org.apache.kafka.clients.producer.internals.Sender",
            "org.apache.kafka.clients.producer.internals.TransactionManager",
            "org.apache.kafka.clients.consumer.internals.AbstractCoordinator",
            "org.apache.kafka.clients.consumer.internals.ConsumerCoordinator",
            "org.apache.kafka.clients.admin.KafkaAdminClient",
            "org.apache.kafka.clients.admin.internals.AdminMetadataManager");

    // Strong references: java.util.logging keeps its loggers weakly, and a collected logger would lose its filter.
    private List<Logger> loggers;

    @PostConstruct
    void install() {
        RepeatedLogFilter filter = new RepeatedLogFilter(Duration.ofMinutes(1));
        loggers = REPEATING_LOGGERS.stream().map(Logger::getLogger).toList();
        loggers.forEach(logger -> logger.setFilter(filter));
    }

    void atStartup(@Observes Startup startup) {
        // the bean's creation installs the filters
    }

    @PreDestroy
    void uninstall() {
        loggers.forEach(logger -> logger.setFilter(null));
    }
}
