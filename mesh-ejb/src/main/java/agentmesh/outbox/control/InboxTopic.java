package agentmesh.outbox.control;

import agentmesh.inbox.control.DedupRetention;
import agentmesh.kafka.KafkaSettings;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * The topic events travel on ({@code inbox.events} by default), set up at deployment before any consumer subscribes
 * (the consumers never create it): created when missing with the mesh's partitions, replicas,
 * {@code min.insync.replicas} and {@code max.message.bytes}; checked when it exists (a record size limit below the
 * mesh's is raised). A topic with fewer partitions or replicas than configured, {@code min.insync.replicas} below 2
 * with 3 or more replicas, or a record size limit that could not be raised is a problem: readiness says DOWN with
 * the reason instead of the mesh running degraded. A retention longer than the consumer's dedup retention is a
 * warning (logged, and shown by readiness): a record Kafka could deliver again after its dedup row is purged would
 * be delivered twice. Checked again every 30 s, so a topic fixed by an operator, or a broker that comes up late, is
 * taken up without a restart. A broker out of reach is no problem of the topic's: the outbox keeps accepting
 * messages through an outage, so readiness stays up and shows only that the topic is not checked yet.
 */
@Singleton
@Startup
@ConcurrencyManagement(ConcurrencyManagementType.BEAN) // readiness reads the state while a check waits on Kafka
public class InboxTopic {

    private static final Logger LOG = Logger.getLogger(InboxTopic.class.getName());
    private static final long TIMEOUT_SECONDS = 5;

    @Inject
    OutboxConfig config;

    @Inject
    KafkaSettings kafka;

    @Inject
    DedupRetention dedupRetention;

    /** What the last check found: problems make the server unready, warnings do not. */
    public record State(boolean checked, List<String> problems, List<String> warnings) {

        static State unchecked(String why) {
            return new State(false, List.of(), List.of("not checked yet: " + why));
        }

        public boolean fit() {
            return problems.isEmpty();
        }
    }

    private volatile State state = State.unchecked("the check has not run");

    @PostConstruct
    void atDeployment() {
        check();
    }

    @Schedule(hour = "*", minute = "*", second = "*/30", persistent = false)
    void again() {
        if (!state.checked() || !state.fit()) {
            check();
        }
    }

    public State state() {
        return state;
    }

    synchronized void check() {
        try (Admin admin = Admin.create(kafka.admin("mesh-topic-check"))) {
            TopicDescription topic = describeOrCreate(admin);
            Config settings = settings(admin);
            if (intSetting(settings, "max.message.bytes") < config.maxRecordBytes()) {
                raiseRecordLimit(admin);
                settings = settings(admin);
            }
            State checked = judge(topic, settings);
            if (!checked.equals(state)) {
                checked.problems().forEach(problem -> LOG.severe("Topic " + config.topic() + ": " + problem));
                checked.warnings().forEach(warning -> LOG.warning("Topic " + config.topic() + ": " + warning));
            }
            state = checked;
        } catch (ExecutionException e) {
            state = State.unchecked("Kafka refused to describe or create the topic: " + e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.TimeoutException e) {
            state = State.unchecked("Kafka did not answer within " + TIMEOUT_SECONDS + " s");
        }
    }

    private TopicDescription describeOrCreate(Admin admin)
            throws ExecutionException, InterruptedException, java.util.concurrent.TimeoutException {
        try {
            return describe(admin);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                throw e;
            }
        }
        // acks=all waits for the in-sync replicas: with 3 replicas, 2 in sync survive the loss of one broker.
        int minInSync = Math.max(1, Math.min(2, config.replicationFactor() - 1));
        NewTopic topic = new NewTopic(config.topic(), config.partitions(), config.replicationFactor())
                .configs(Map.of(
                        "min.insync.replicas",
                        Integer.toString(minInSync),
                        "max.message.bytes",
                        Integer.toString(config.maxRecordBytes())));
        try {
            admin.createTopics(List.of(topic)).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            LOG.info(() -> "Created topic " + config.topic() + " with " + config.partitions() + " partitions");
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw e;
            }
        }
        return describe(admin);
    }

    private Config settings(Admin admin)
            throws ExecutionException, InterruptedException, java.util.concurrent.TimeoutException {
        return admin.describeConfigs(List.of(resource()))
                .all()
                .get(TIMEOUT_SECONDS, TimeUnit.SECONDS)
                .values()
                .iterator()
                .next();
    }

    // A topic made by an earlier version (or by hand) with the broker's 1 MB limit: raising it harms nothing, and
    // without it the mesh would stay unready.
    private void raiseRecordLimit(Admin admin)
            throws ExecutionException, InterruptedException, java.util.concurrent.TimeoutException {
        AlterConfigOp raise = new AlterConfigOp(
                new ConfigEntry("max.message.bytes", Integer.toString(config.maxRecordBytes())),
                AlterConfigOp.OpType.SET);
        admin.incrementalAlterConfigs(Map.of(resource(), List.of(raise))).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        LOG.info(() -> "Raised max.message.bytes of topic " + config.topic() + " to " + config.maxRecordBytes());
    }

    private ConfigResource resource() {
        return new ConfigResource(ConfigResource.Type.TOPIC, config.topic());
    }

    private TopicDescription describe(Admin admin)
            throws ExecutionException, InterruptedException, java.util.concurrent.TimeoutException {
        return admin.describeTopics(List.of(config.topic()))
                .allTopicNames()
                .get(TIMEOUT_SECONDS, TimeUnit.SECONDS)
                .get(config.topic());
    }

    State judge(TopicDescription topic, Config settings) {
        List<String> problems = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        int partitions = topic.partitions().size();
        int replicas = topic.partitions().get(0).replicas().size();
        if (partitions < config.partitions()) {
            problems.add(partitions + " partitions, fewer than the " + config.partitions()
                    + " configured (mesh.kafka.topic.partitions)");
        }
        if (replicas < config.replicationFactor()) {
            problems.add("replication factor " + replicas + ", below the " + config.replicationFactor()
                    + " configured (mesh.kafka.topic.replication-factor)");
        }
        int minInSync = intSetting(settings, "min.insync.replicas");
        if (replicas >= 3 && minInSync < 2) {
            problems.add("min.insync.replicas " + minInSync + " with " + replicas
                    + " replicas: an acknowledged event could be lost with one broker");
        }
        int maxMessage = intSetting(settings, "max.message.bytes");
        if (maxMessage < config.maxRecordBytes()) {
            problems.add("max.message.bytes " + maxMessage + ", below the " + config.maxRecordBytes()
                    + " the mesh's largest event needs (mesh.kafka.max-message-bytes plus framing)");
        }
        long retentionMs = Long.parseLong(settings.get("retention.ms").value());
        long dedupMs = dedupRetention.duration().toMillis();
        if (retentionMs < 0 || retentionMs > dedupMs) {
            warnings.add("retention.ms " + retentionMs + " is longer than the dedup retention of "
                    + dedupRetention.hours() + " h (mesh.inbox.dedup-retention-hours): a record delivered again after"
                    + " its dedup row is purged would be delivered twice");
        }
        return new State(true, List.copyOf(problems), List.copyOf(warnings));
    }

    private static int intSetting(Config settings, String name) {
        return Integer.parseInt(settings.get(name).value());
    }
}
