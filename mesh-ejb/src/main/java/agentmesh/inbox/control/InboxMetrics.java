package agentmesh.inbox.control;

import agentmesh.operations.metrics.LatencyHistogram;
import agentmesh.operations.metrics.LatencyWindow;
import agentmesh.operations.metrics.MeshMeters;
import agentmesh.operations.metrics.MeshMeters.MeshCounter;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.DoubleConsumer;

/**
 * The receiving side in the mesh's metrics: {@code agent_mesh_inbox_delivered_total} (events written into inboxes,
 * the delivery rate), {@code agent_mesh_dedup_hit_total}, {@code agent_mesh_dead_letter_total},
 * {@code agent_mesh_inbox_reads_total} (inbox pages read from the database),
 * {@code agent_mesh_inbox_reads_spared_total} (polls and MCP reads that found nothing without a read),
 * {@code agent_mesh_consumer_lag{partition}}, {@code agent_mesh_consumer_rebalances_total} (the consumer group's
 * rebalances this instance took part in) and the histogram {@code agent_mesh_message_e2e_latency_seconds}: the time
 * from the commit of a send to the commit of its delivery, since start-up, buckets from 5 ms to 60 s, for percentiles
 * across instances. The median and p99 of the last 10,000 deliveries are the admin's stats'.
 */
@ApplicationScoped
public class InboxMetrics {

    private static final String LAG = "agent_mesh_consumer_lag";
    private static final String LAG_HELP =
            "Records of a partition not yet consumed, as this instance's consumer last saw it";

    @Inject
    MeshMeters meters;

    private final LatencyWindow latency = new LatencyWindow(10_000);
    private DoubleConsumer histogram;
    private final Map<Integer, AtomicLong> lagByPartition = new ConcurrentHashMap<>();
    private final AtomicInteger lastGeneration = new AtomicInteger(-1);
    private MeshCounter delivered;
    private MeshCounter dedupHits;
    private MeshCounter deadLetters;
    private MeshCounter pagesRead;
    private MeshCounter readsSpared;
    private MeshCounter rebalances;

    @PostConstruct
    void register() {
        delivered = meters.counter("agent_mesh_inbox_delivered_total", "Events written into inboxes");
        dedupHits = meters.counter(
                "agent_mesh_dedup_hit_total",
                "Redelivered records dropped because their event was in its inbox already");
        deadLetters =
                meters.counter("agent_mesh_dead_letter_total", "Records parked as dead letters after their retries");
        pagesRead = meters.counter(
                "agent_mesh_inbox_reads_total", "Inbox pages read from the database (a poll, a stream catching up)");
        readsSpared = meters.counter(
                "agent_mesh_inbox_reads_spared_total",
                "Polls and MCP reads answered empty without a read: nothing was known past their cursor");
        rebalances = meters.counter(
                "agent_mesh_consumer_rebalances_total",
                "Rebalances of the inbox consumer group this instance took part in");
        histogram = meters.histogram(
                "agent_mesh_message_e2e_latency_seconds",
                "From the commit of a send to the commit of its delivery into the inbox",
                LatencyHistogram.SECONDS);
        meters.gaugeFamily(LAG, LAG_HELP);
    }

    /** Created with the application, so that every metric is exported (at 0) from the start. */
    void atStartup(@Observes Startup startup) {
        // the bean's creation registers the metrics
    }

    public void dedupHit() {
        dedupHits.inc();
    }

    /** Redelivered records this instance dropped since it started. */
    public long dedupHits() {
        return dedupHits.count();
    }

    public void deadLetter() {
        deadLetters.inc();
    }

    /** An inbox page was read from the database (a poll, a stream catching up); idle readers read nothing. */
    void pageRead() {
        pagesRead.inc();
    }

    void readSpared() {
        readsSpared.inc();
    }

    /** An event was written into an inbox, {@code secondsSinceCommit} after its send committed (null: unknown). */
    void delivered(Double secondsSinceCommit) {
        delivered.inc();
        if (secondsSinceCommit == null) {
            return;
        }
        histogram.accept(secondsSinceCommit);
        latency.add(secondsSinceCommit);
    }

    /** Events this instance wrote into inboxes since it started. */
    public long deliveredCount() {
        return delivered.count();
    }

    /** The q-quantile of the last 10,000 deliveries' commit → inbox time, in seconds; 0 before the first. */
    public double latencySeconds(double q) {
        return latency.quantile(q);
    }

    /**
     * A consumer of this instance was given its partitions in the group's generation {@code generation}: a
     * rebalance. Counted once per generation, however many of this instance's consumers take part in it, so that
     * every instance counts each rebalance of the group once.
     */
    public void partitionsAssigned(int generation) {
        if (generation > lastGeneration.getAndAccumulate(generation, Math::max)) {
            rebalances.inc();
        }
    }

    /** Records a partition's lag as the consumer last saw it. */
    public void lag(int partition, long lag) {
        lagByPartition
                .computeIfAbsent(partition, p -> {
                    AtomicLong value = new AtomicLong();
                    meters.gauge(LAG, LAG_HELP, value::get, "partition", Integer.toString(p));
                    return value;
                })
                .set(lag);
    }
}
