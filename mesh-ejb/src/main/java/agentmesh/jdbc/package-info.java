/**
 * Plain JDBC on the mesh's datasource.
 *
 * <p>Purpose: the statements of the hot paths (the send, the outbox's rounds, deliveries, inbox reads, token lookups)
 * without an entity manager, on any thread of the application; and the database's answers the mesh relies on.
 *
 * <p>Operations: {@link agentmesh.jdbc.Jdbc} queries, updates and inserts many rows in one statement, on one
 * connection handle per piece of work; {@link agentmesh.jdbc.BatchDelete} purges old rows in short transactions;
 * {@link agentmesh.jdbc.DuplicateKey} recognises a unique key's violation, the check that holds under concurrency.
 *
 * <p>Invariants: statements are the mesh's own SQL with bound parameters, never text built from input; inside a JTA
 * transaction a connection joins it; failures leave as {@code jakarta.persistence.PersistenceException}, as from JPA.
 * Which tables are written this way and which through entities is stated in {@code docs/DESIGN.md}.
 */
package agentmesh.jdbc;
