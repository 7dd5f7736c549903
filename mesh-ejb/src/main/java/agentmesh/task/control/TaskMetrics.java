package agentmesh.task.control;

import agentmesh.operations.metrics.MeshMeters;
import agentmesh.operations.metrics.MeshMeters.MeshCounter;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;

/** Tasks in /metrics: {@code agent_mesh_task_timeout_total}, tasks failed for being idle too long. */
@ApplicationScoped
public class TaskMetrics {

    @Inject
    MeshMeters meters;

    private MeshCounter timeouts;

    @PostConstruct
    void register() {
        timeouts = meters.counter("agent_mesh_task_timeout_total", "Tasks failed for being idle too long");
    }

    /** Created with the application, so that the counter is exported at 0 before the first timeout. */
    void atStartup(@Observes Startup startup) {
        // the bean's creation registers the counter
    }

    void timedOut() {
        timeouts.inc();
    }
}
