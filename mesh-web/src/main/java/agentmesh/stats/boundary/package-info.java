/**
 * {@link agentmesh.stats.boundary.StatsResource}, {@code GET /admin/stats}: the mesh's state at a glance for admins
 * (the feature: {@code agentmesh.stats}). Read-only.
 */
package agentmesh.stats.boundary;
