/**
 * {@link agentmesh.stats.control.MeshStats}, the figures of {@code GET /admin/stats} (the feature:
 * {@code agentmesh.stats}): outbox depth and age, tasks by state, the consumer group's lag, this instance's counters,
 * latency and recent faults. Read-only; each database figure an index range or a grouped read of one index.
 */
package agentmesh.stats.control;
