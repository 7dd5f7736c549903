/**
 * The mesh's metrics: every feature registers through {@link agentmesh.platform.metrics.MeshMeters}, which keeps them
 * and writes them in Prometheus's text format (served at {@code /mesh/metrics} by the web module), the same on Payara
 * Server, Payara Micro and WildFly.
 *
 * <p>Invariants: names follow Prometheus's conventions (a counter's, and only a counter's, ends in {@code _total};
 * base units in the name), every family has a help text, a histogram's buckets are cumulative counts since start-up.
 * Out of scope: the servers' own metrics (JVM, pools), which each server serves at its {@code /metrics}.
 */
package agentmesh.platform.metrics;
