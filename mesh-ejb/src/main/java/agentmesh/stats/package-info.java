/**
 * The mesh's state at a glance for its admins ({@code GET /admin/stats}): outbox depth and the age of its oldest
 * waiting event, the inbox consumer group's lag per partition, dedup hits, tasks by state. Read-only; each figure
 * costs an index range or one question to the Kafka cluster, bounded in time.
 */
package agentmesh.stats;
