/**
 * What every feature shares: the datasource and schema migration, plain JDBC for the hot read paths, JSON, time
 * ({@link java.time.Clock}), the byte budget of a page ({@link agentmesh.platform.PageBytes}), the base of the
 * refusals that leave as problem details ({@link agentmesh.platform.MeshException}) and duplicate-key recognition.
 */
package agentmesh.platform;
