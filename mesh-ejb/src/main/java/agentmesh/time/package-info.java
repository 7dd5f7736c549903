/**
 * Time in the mesh: where it comes from and how it is stored.
 *
 * <p>Purpose: every control that depends on time injects the one {@link java.time.Clock}
 * ({@link agentmesh.time.ClockProducer}), so that tests can fix it; timestamps are UTC.
 *
 * <p>Operations: {@link agentmesh.time.UtcTime#now} takes the clock's instant as a UTC {@code LocalDateTime} at
 * microsecond precision and {@link agentmesh.time.UtcTime#toInstant} turns it back;
 * {@link agentmesh.time.UtcDateTimeConverter} writes and reads {@code DATETIME(6)} columns for entities and native
 * statements alike.
 *
 * <p>Invariants: a stored time is the time the API answered, to the microsecond, on MySQL and MariaDB; what orders
 * the outbox's events is the database's clock, not this one (a server's clock set off by the test switch
 * {@code mesh.test.clock-offset-seconds} must not change any recipient's order).
 */
package agentmesh.time;
