/**
 * The mesh's state at a glance for its admins ({@code GET /admin/stats}): outbox depth and the age of its oldest
 * waiting event, the inbox consumer group's lag per partition, dedup hits, tasks by state, and the answering
 * instance's throughput counters, latency and recent faults. Read-only; each figure costs an index range, one
 * question to the Kafka cluster (bounded in time) or a read of memory. The dashboard at {@code /mesh/admin/}
 * ({@code mesh-web/src/main/webapp/admin}) shows it.
 */
package agentmesh.stats;
