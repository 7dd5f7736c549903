/**
 * The mesh's metrics served to Prometheus ({@code GET /mesh/metrics}), as
 * {@link agentmesh.operations.metrics.MeshMeters} writes them. Out of scope: the servers' own metrics, at their
 * {@code /metrics}.
 */
package agentmesh.web.metrics;
