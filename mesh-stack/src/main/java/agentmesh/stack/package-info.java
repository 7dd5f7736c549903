/**
 * The launcher: the whole mesh on one machine, for {@code ./mesh run}, the system tests, the chaos suite and the
 * benchmark alike.
 *
 * <p>Purpose: what the tests run is what an operator runs — MariaDB's schema, Kafka in KRaft mode (one broker, or three
 * with {@code MESH_TOPOLOGY=cluster}), the application on Payara Server, WildFly or Payara Micro, and in the cluster
 * topology a second instance behind HAProxy — installed from Maven Central and Debian's packages by the project itself.
 *
 * <p>Operations: {@link agentmesh.stack.StackConfig} reads every setting from the environment (or system properties of
 * the same names); {@link agentmesh.stack.MeshStack} starts the parts in order and closes them in reverse;
 * {@link agentmesh.stack.Database}, {@link agentmesh.stack.KafkaBroker}/{@link agentmesh.stack.KafkaNodes},
 * {@link agentmesh.stack.MeshServer} (one class per server) and {@link agentmesh.stack.LoadBalancer} each own one
 * process or service; {@link agentmesh.stack.Ports} and {@link agentmesh.stack.Directories} say where;
 * {@link agentmesh.stack.Main} is {@code ./mesh run}.
 *
 * <p>Invariants: every part listens on loopback only; a port already taken is named and the start stops; nothing is
 * installed outside the project's caches ({@code ~/.cache/agent-mesh}) and its {@code target} directories.
 */
package agentmesh.stack;
