/**
 * What operators read of a running instance, besides its metrics ({@code agentmesh.operations.metrics}).
 *
 * <p>Purpose: an outage is said once and plainly — in the admin's stats and dashboard, and in a log that does not
 * drown it.
 *
 * <p>Operations: features record a fault in {@link agentmesh.operations.RecentFaults} (a broker out of reach, the
 * identity service unavailable, an outbox event dead, a record parked), which the admin's stats list;
 * {@link agentmesh.operations.KafkaLogThrottle} installs a {@link agentmesh.operations.RepeatedLogFilter} on the
 * Kafka client loggers that warn at every reconnect, for as long as the application runs.
 *
 * <p>Invariants: a fault that repeats within a minute is one entry with a count, and only the newest 20 are kept,
 * in memory; a warning is logged at most once a minute per kind, and the next one says how many were left out;
 * records below WARNING pass untouched; the filters are removed when the application stops.
 */
package agentmesh.operations;
