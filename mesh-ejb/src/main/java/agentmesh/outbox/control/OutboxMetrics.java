package agentmesh.outbox.control;

import agentmesh.outbox.entity.OutboxStatus;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;
import org.eclipse.microprofile.metrics.annotation.RegistryScope;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The outbox in /metrics: {@code agent_mesh_outbox_dispatch_total{result="sent|failed"}} counts publish attempts,
 * {@code agent_mesh_outbox_pending_total{status}} is the number of rows per status (refreshed by the sweep, so a
 * scrape never queries the database), {@code agent_mesh_outbox_dead_total} counts events that gave up.
 */
@ApplicationScoped
public class OutboxMetrics {

    @Inject
    @RegistryScope(scope = MetricRegistry.APPLICATION_SCOPE)
    MetricRegistry registry;

    private final Map<OutboxStatus, AtomicLong> rowsByStatus = new EnumMap<>(OutboxStatus.class);
    private Counter sent;
    private Counter failed;
    private Counter dead;

    @PostConstruct
    void register() {
        // MicroProfile Metrics appends _total to counter names in the Prometheus output.
        sent = registry.counter("agent_mesh_outbox_dispatch", new Tag("result", "sent"));
        failed = registry.counter("agent_mesh_outbox_dispatch", new Tag("result", "failed"));
        dead = registry.counter("agent_mesh_outbox_dead");
        for (OutboxStatus status : OutboxStatus.values()) {
            AtomicLong rows = new AtomicLong();
            rowsByStatus.put(status, rows);
            registry.gauge(Metadata.builder().withName("agent_mesh_outbox_pending_total")
                            .withDescription("outbox rows by status").build(), rows, AtomicLong::get,
                    new Tag("status", status.name().toLowerCase()));
        }
    }

    void dispatched(boolean ok) {
        (ok ? sent : failed).inc();
    }

    void died() {
        dead.inc();
    }

    void rows(OutboxStatus status, long count) {
        rowsByStatus.get(status).set(count);
    }
}
