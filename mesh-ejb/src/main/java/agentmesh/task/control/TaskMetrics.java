package agentmesh.task.control;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.annotation.RegistryScope;

/** Tasks in /metrics: {@code agent_mesh_task_timeout_total}, tasks failed for being idle too long. */
@ApplicationScoped
public class TaskMetrics {

    @Inject
    @RegistryScope(scope = MetricRegistry.APPLICATION_SCOPE)
    MetricRegistry registry;

    private Counter timeouts;

    @PostConstruct
    void register() {
        timeouts = registry.counter("agent_mesh_task_timeout"); // exported as agent_mesh_task_timeout_total
    }

    /** Created with the application, so that the counter is exported at 0 before the first timeout. */
    void atStartup(@Observes Startup startup) {
        // the bean's creation registers the counter
    }

    void timedOut() {
        timeouts.inc();
    }
}
