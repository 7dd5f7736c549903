/**
 * Plain JDBC on the mesh's datasource.
 *
 * <p>Purpose: the mesh's writes — the hot paths' (the send, the outbox's rounds, deliveries) and the low-rate changes
 * (a registration, a task's state) — and the hot reads (inbox pages, token lookups), without an entity manager, on
 * any thread of the application; and the database's answers the mesh relies on.
 *
 * <p>Operations: {@link agentmesh.jdbc.Jdbc} queries, updates and inserts many rows in one statement, on one
 * connection handle per piece of work; {@link agentmesh.jdbc.BatchDelete} purges old rows in short transactions;
 * {@link agentmesh.jdbc.DuplicateKey} recognises a unique key's violation, the check that holds under concurrency.
 *
 * <p>Invariants: statements are the mesh's own SQL with bound parameters, never text built from input; inside a JTA
 * transaction a connection joins it; failures leave as {@code jakarta.persistence.PersistenceException}, as from JPA.
 * Every write is a statement; the JPA entities are read models ({@code docs/DESIGN.md}, "Persistence: the rule").
 */
package agentmesh.jdbc;
