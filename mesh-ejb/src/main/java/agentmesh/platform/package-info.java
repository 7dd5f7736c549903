/**
 * What every feature shares: the datasource and schema migration, plain JDBC for the hot read paths, JSON, time
 * ({@link java.time.Clock}), the byte budget of a page ({@link agentmesh.paging.PageBytes}), the base of the
 * refusals that leave as problem details ({@link agentmesh.problem.MeshException}) and duplicate-key recognition;
 * and what operators read: latency windows and histograms, the recent faults ({@link agentmesh.operations.RecentFaults})
 * and a quieter log while Kafka is away ({@link agentmesh.operations.KafkaLogThrottle}); the OpenAPI document's
 * completion ({@link agentmesh.openapi.MeshOpenApi}); the mesh's metrics in Prometheus's text format
 * ({@link agentmesh.operations.metrics.MeshMeters}).
 */
package agentmesh.platform;
