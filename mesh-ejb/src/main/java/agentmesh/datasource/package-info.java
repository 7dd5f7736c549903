/**
 * The mesh's database connection: which datasource, its schema and whether it answers.
 *
 * <p>Purpose: one datasource for every feature, found by one JNDI name, with its schema migrated before anything else
 * starts.
 *
 * <p>Operations: every injection looks up {@link agentmesh.datasource.MeshDataSource#IN_USE} — the server's
 * {@code jdbc/mesh} when {@code mesh.datasource} names it, otherwise the application's own, defined by
 * {@link agentmesh.datasource.OwnDataSource}; {@link agentmesh.datasource.SchemaMigration} applies the numbered
 * migrations of {@code sql/} with Flyway at deployment; {@link agentmesh.datasource.DatabaseProbe} answers the
 * {@code mesh-database} readiness check.
 *
 * <p>Invariants: JPA generates no DDL; startup beans that touch the database declare
 * {@code @DependsOn("SchemaMigration")}; the pool's connections are validated and a dead one has the pool replace them
 * all; the public readiness answer names no host, user or schema.
 */
package agentmesh.datasource;
