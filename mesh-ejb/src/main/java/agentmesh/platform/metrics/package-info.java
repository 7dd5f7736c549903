/**
 * The mesh's metrics, whatever the server exports them with: every feature registers through
 * {@link agentmesh.platform.metrics.MeshMeters}; {@link agentmesh.platform.metrics.MicroProfileMeters} (Payara Server
 * and Micro) or {@link agentmesh.platform.metrics.MicrometerMeters} (WildFly) is the bean, whichever API the server
 * has.
 *
 * <p>Invariant: exactly one implementation is a bean on a server, and both export the same Prometheus names.
 */
package agentmesh.platform.metrics;
