package agentmesh.inbox.control;

import agentmesh.platform.LatencyHistogram;
import agentmesh.platform.LatencyWindow;
import agentmesh.platform.metrics.MeshMeters;
import agentmesh.platform.metrics.MeshMeters.MeshCounter;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.DoubleConsumer;

/**
 * The receiving side in /metrics: {@code agent_mesh_inbox_delivered_total} (events written into inboxes, the delivery
 * rate), {@code agent_mesh_dedup_hit_total}, {@code agent_mesh_dead_letter_total},
 * {@code agent_mesh_inbox_reads_total} (inbox pages read from the database),
 * {@code agent_mesh_consumer_lag{partition}} and {@code agent_mesh_message_e2e_latency_seconds} — the time from
 * the commit of a send to the commit of its delivery: its median and p99 over the last 10,000 deliveries
 * ({@code {quantile}}, also in the admin's stats) and, since start-up, a Prometheus histogram
 * ({@code _bucket{le}}, {@code _count}, {@code _sum}; buckets from 5 ms to 60 s) for percentiles across instances.
 */
@ApplicationScoped
public class InboxMetrics {

    @Inject
    MeshMeters meters;

    private final LatencyWindow latency = new LatencyWindow(10_000);
    private DoubleConsumer histogram;
    private final Map<Integer, AtomicLong> lagByPartition = new ConcurrentHashMap<>();
    private MeshCounter delivered;
    private MeshCounter dedupHits;
    private MeshCounter deadLetters;
    private MeshCounter pagesRead;

    @PostConstruct
    void register() {
        delivered = meters.counter("agent_mesh_inbox_delivered");
        dedupHits = meters.counter("agent_mesh_dedup_hit");
        deadLetters = meters.counter("agent_mesh_dead_letter");
        pagesRead = meters.counter("agent_mesh_inbox_reads");
        histogram = meters.histogram("agent_mesh_message_e2e_latency_seconds", LatencyHistogram.SECONDS);
        meters.quantiles("agent_mesh_message_e2e_latency_seconds", latency::quantile, 0.5, 0.99);
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

    /** Records a partition's lag as the consumer last saw it. */
    public void lag(int partition, long lag) {
        lagByPartition.computeIfAbsent(partition, p -> {
            AtomicLong value = new AtomicLong();
            meters.gauge("agent_mesh_consumer_lag", value::get, "partition", Integer.toString(p));
            return value;
        }).set(lag);
    }
}
