package agentmesh.outbox.control;

import agentmesh.platform.LatencyWindow;
import agentmesh.platform.metrics.MeshMeters;
import agentmesh.platform.metrics.MeshMeters.MeshCounter;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The outbox in /metrics: {@code agent_mesh_outbox_dispatch_total{result="sent|failed"}} counts events Kafka
 * acknowledged and publishes it refused, {@code agent_mesh_outbox_broker_unavailable_total} rounds that found the
 * broker out of reach, {@code agent_mesh_outbox_dead_total} events that gave up, and
 * {@code agent_mesh_outbox_pending_total{status="pending|failed"}} the rows waiting and dead (counted by the sweep
 * through the status index, so a scrape never queries the database; sent rows are the dispatch counter's), and
 * {@code agent_mesh_outbox_round_seconds{quantile="0.5|0.99"}} the time of the last 1,000 dispatch rounds (the
 * benchmark shows with it that a round's cost does not grow with the table), of which
 * {@code agent_mesh_outbox_publish_seconds{quantile="0.5|0.99"}} in Kafka (the transaction from its start to its
 * commit); the rest is the database's.
 */
@ApplicationScoped
public class OutboxMetrics {

    @Inject
    MeshMeters meters;

    private final AtomicLong pending = new AtomicLong();
    private final AtomicLong failedRows = new AtomicLong();
    private final LatencyWindow rounds = new LatencyWindow(1_000);
    private final LatencyWindow publishing = new LatencyWindow(1_000);
    private MeshCounter sent;
    private MeshCounter refused;
    private MeshCounter brokerUnavailable;
    private MeshCounter dead;

    @PostConstruct
    void register() {
        sent = meters.counter("agent_mesh_outbox_dispatch", "result", "sent");
        refused = meters.counter("agent_mesh_outbox_dispatch", "result", "failed");
        brokerUnavailable = meters.counter("agent_mesh_outbox_broker_unavailable");
        dead = meters.counter("agent_mesh_outbox_dead");
        meters.gauge("agent_mesh_outbox_pending_total", pending::get, "status", "pending");
        meters.gauge("agent_mesh_outbox_pending_total", failedRows::get, "status", "failed");
        for (double q : new double[] {0.5, 0.99}) {
            String quantile = Double.toString(q);
            meters.gauge("agent_mesh_outbox_round_seconds", () -> rounds.quantile(q), "quantile", quantile);
            meters.gauge("agent_mesh_outbox_publish_seconds", () -> publishing.quantile(q), "quantile", quantile);
        }
    }

    /** Created with the application, so that every metric is exported (at 0) from the start. */
    void atStartup(@Observes Startup startup) {
        // the bean's creation registers the metrics
    }

    void round(Duration took) {
        rounds.add(took.toNanos() / 1e9);
    }

    void published(Duration took) {
        publishing.add(took.toNanos() / 1e9);
    }

    void dispatched(int events) {
        sent.inc(events);
    }

    /** Events this instance published since it started. */
    public long dispatchedCount() {
        return sent.count();
    }

    void refused() {
        refused.inc();
    }

    void brokerUnavailable() {
        brokerUnavailable.inc();
    }

    void died() {
        dead.inc();
    }

    void rows(long pendingRows, long deadRows) {
        pending.set(pendingRows);
        failedRows.set(deadRows);
    }
}
