package agentmesh.inbox.control;

import agentmesh.platform.LatencyHistogram;
import agentmesh.platform.LatencyWindow;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;
import org.eclipse.microprofile.metrics.annotation.RegistryScope;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

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
    @RegistryScope(scope = MetricRegistry.APPLICATION_SCOPE)
    MetricRegistry registry;

    private final LatencyWindow latency = new LatencyWindow(10_000);
    private final LatencyHistogram histogram = new LatencyHistogram(LatencyHistogram.SECONDS);
    private final Map<Integer, AtomicLong> lagByPartition = new ConcurrentHashMap<>();
    private Counter delivered;
    private Counter dedupHits;
    private Counter deadLetters;
    private Counter pagesRead;

    @PostConstruct
    void register() {
        // MicroProfile Metrics appends _total to counter names in the Prometheus output.
        delivered = registry.counter("agent_mesh_inbox_delivered");
        dedupHits = registry.counter("agent_mesh_dedup_hit");
        deadLetters = registry.counter("agent_mesh_dead_letter");
        pagesRead = registry.counter("agent_mesh_inbox_reads");
        for (double q : new double[] {0.5, 0.99}) {
            registry.gauge("agent_mesh_message_e2e_latency_seconds", latency, w -> w.quantile(q),
                    new Tag("quantile", Double.toString(q)));
        }
        for (int i = 0; i < histogram.buckets(); i++) {
            int bucket = i;
            registry.gauge("agent_mesh_message_e2e_latency_seconds_bucket", histogram, h -> h.atMost(bucket),
                    new Tag("le", Double.toString(histogram.bound(bucket))));
        }
        registry.gauge("agent_mesh_message_e2e_latency_seconds_bucket", histogram, LatencyHistogram::count,
                new Tag("le", "+Inf"));
        registry.gauge("agent_mesh_message_e2e_latency_seconds_count", histogram, LatencyHistogram::count);
        registry.gauge("agent_mesh_message_e2e_latency_seconds_sum", histogram, LatencyHistogram::sum);
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
        return dedupHits.getCount();
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
        histogram.add(secondsSinceCommit);
        latency.add(secondsSinceCommit);
    }

    /** Events this instance wrote into inboxes since it started. */
    public long deliveredCount() {
        return delivered.getCount();
    }

    /** The q-quantile of the last 10,000 deliveries' commit → inbox time, in seconds; 0 before the first. */
    public double latencySeconds(double q) {
        return latency.quantile(q);
    }

    /** Records a partition's lag as the consumer last saw it. */
    public void lag(int partition, long lag) {
        lagByPartition.computeIfAbsent(partition, p -> {
            AtomicLong value = new AtomicLong();
            registry.gauge("agent_mesh_consumer_lag", value, AtomicLong::get, new Tag("partition", Integer.toString(p)));
            return value;
        }).set(lag);
    }
}
