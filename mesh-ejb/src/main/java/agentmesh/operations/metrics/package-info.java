/**
 * The mesh's metrics, served at {@code /mesh/metrics} by the web module in Prometheus's text format, the same on
 * Payara Server, Payara Micro and WildFly.
 *
 * <p>Operations: every feature registers its counters, gauges, histograms and summaries through
 * {@link agentmesh.operations.metrics.MeshMeters}, which keeps them and writes them
 * ({@link agentmesh.operations.metrics.MeshMeters#scrape()}); {@link agentmesh.operations.metrics.LatencyHistogram}
 * counts latencies into fixed buckets since start-up, {@link agentmesh.operations.metrics.LatencyWindow} holds the
 * most recent ones for quantiles.
 *
 * <p>Invariants: names follow Prometheus's conventions (a counter's, and only a counter's, ends in {@code _total};
 * base units in the name), every family has a help text, a histogram's buckets are cumulative counts since start-up.
 * Out of scope: the servers' own metrics (JVM, pools), which each server serves at its {@code /metrics}.
 */
package agentmesh.operations.metrics;
