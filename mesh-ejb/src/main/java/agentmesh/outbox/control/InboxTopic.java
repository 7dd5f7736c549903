package agentmesh.outbox.control;

import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * The topic events travel on ({@code inbox.events} by default), created with the mesh's partitions and replicas when
 * it is missing: at deployment, and again every few seconds until it has worked once (the broker may start later).
 */
@Singleton
@Startup
public class InboxTopic {

    private static final Logger LOG = Logger.getLogger(InboxTopic.class.getName());

    @Inject
    OutboxConfig config;

    private volatile boolean ready;

    void setUp() {
        if (ready) {
            return;
        }
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, config.bootstrap(),
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 5_000,
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 3_000))) {
            // acks=all waits for the in-sync replicas: with 3 replicas, 2 in sync survive the loss of one broker.
            int minInSync = Math.max(1, Math.min(2, config.replicationFactor() - 1));
            NewTopic topic = new NewTopic(config.topic(), config.partitions(), config.replicationFactor())
                    .configs(Map.of("min.insync.replicas", Integer.toString(minInSync)));
            admin.createTopics(List.of(topic)).all().get(5, TimeUnit.SECONDS);
            LOG.info(() -> "Created topic " + config.topic() + " with " + config.partitions() + " partitions");
            ready = true;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof TopicExistsException) {
                ready = true;
            } else {
                LOG.warning("Could not create topic " + config.topic() + ": " + e.getCause());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.TimeoutException e) {
            LOG.warning("Kafka did not answer while creating topic " + config.topic());
        }
    }

    @jakarta.annotation.PostConstruct
    void atDeployment() {
        setUp();
    }

    @Schedule(hour = "*", minute = "*", second = "*/5", persistent = false)
    void untilReady() {
        setUp();
    }

    public boolean ready() {
        return ready;
    }
}
