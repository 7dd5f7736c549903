/**
 * What every feature shares: the datasource and schema migration, time ({@link java.time.Clock}), the base of the
 * refusals that leave as problem details ({@link agentmesh.platform.MeshException}), duplicate-key recognition, and
 * the test-only fault switch.
 */
package agentmesh.platform;
