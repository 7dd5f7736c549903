package agentmesh.outbox.control;

import agentmesh.operations.metrics.MeshMeters;
import agentmesh.operations.metrics.MeshMeters.MeshCounter;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.DoubleConsumer;

/**
 * The outbox in the mesh's metrics: {@code agent_mesh_outbox_dispatch_total{result="sent|failed"}} counts events
 * Kafka acknowledged and publishes it refused, {@code agent_mesh_outbox_broker_unavailable_total} rounds that found
 * the broker out of reach, {@code agent_mesh_outbox_dead_total} events that gave up;
 * {@code agent_mesh_outbox_events{status="pending|failed"}} the rows waiting and dead and
 * {@code agent_mesh_outbox_oldest_pending_age_seconds} how long the oldest waiting one has waited (both refreshed by
 * the sweep every second through the status index, so a scrape never queries the database; sent rows are the
 * dispatch counter's); and the summaries {@code agent_mesh_outbox_round_seconds} (the time of a dispatch round,
 * quantiles of the last 1,000: the benchmark shows with them that a round's cost does not grow with the table) and
 * {@code agent_mesh_outbox_publish_seconds} (of that, the Kafka transaction from its start to its commit; the rest is
 * the database's).
 */
@ApplicationScoped
public class OutboxMetrics {

    private static final int WINDOW = 1_000;

    @Inject
    MeshMeters meters;

    private final AtomicLong pending = new AtomicLong();
    private final AtomicLong failedRows = new AtomicLong();
    private final AtomicLong oldestPendingMicros = new AtomicLong();
    private DoubleConsumer rounds;
    private DoubleConsumer publishing;
    private MeshCounter sent;
    private MeshCounter refused;
    private MeshCounter brokerUnavailable;
    private MeshCounter dead;

    @PostConstruct
    void register() {
        String dispatched = "Outbox events published to Kafka (sent) and publishes Kafka refused (failed)";
        sent = meters.counter("agent_mesh_outbox_dispatch_total", dispatched, "result", "sent");
        refused = meters.counter("agent_mesh_outbox_dispatch_total", dispatched, "result", "failed");
        brokerUnavailable = meters.counter(
                "agent_mesh_outbox_broker_unavailable_total", "Dispatch rounds that found Kafka out of reach");
        dead = meters.counter("agent_mesh_outbox_dead_total", "Outbox events that gave up after their retries");
        String events = "Outbox events waiting to be published (pending) and dead (failed)";
        meters.gauge("agent_mesh_outbox_events", events, pending::get, "status", "pending");
        meters.gauge("agent_mesh_outbox_events", events, failedRows::get, "status", "failed");
        meters.gauge(
                "agent_mesh_outbox_oldest_pending_age_seconds",
                "How long the oldest waiting outbox event has waited; 0 when none waits",
                () -> oldestPendingMicros.get() / 1e6);
        rounds = meters.summary(
                "agent_mesh_outbox_round_seconds",
                "The time of a dispatch round; quantiles of the last 1000",
                WINDOW,
                0.5,
                0.99);
        publishing = meters.summary(
                "agent_mesh_outbox_publish_seconds",
                "The Kafka transaction of a dispatch round, start to commit; quantiles of the last 1000",
                WINDOW,
                0.5,
                0.99);
    }

    /** Created with the application, so that every metric is exported (at 0) from the start. */
    void atStartup(@Observes Startup startup) {
        // the bean's creation registers the metrics
    }

    void round(Duration took) {
        rounds.accept(took.toNanos() / 1e9);
    }

    void published(Duration took) {
        publishing.accept(took.toNanos() / 1e9);
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

    void rows(long pendingRows, long deadRows, long oldestPendingAgeMicros) {
        pending.set(pendingRows);
        failedRows.set(deadRows);
        oldestPendingMicros.set(oldestPendingAgeMicros);
    }
}
