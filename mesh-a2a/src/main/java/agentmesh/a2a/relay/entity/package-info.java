/**
 * The outbound relay's rows as an admin and the A2A facade see them (the feature: {@code agentmesh.a2a.relay}).
 *
 * <p>Operations: {@link agentmesh.a2a.relay.entity.DeadLetter}, an event a delivery set aside;
 * {@link agentmesh.a2a.relay.entity.PushConfig}, a client's webhook for a task.
 *
 * <p>Invariants: plain values, read and written by the stores in {@code relay.control}; a config read back carries
 * no secrets ({@link agentmesh.a2a.relay.entity.PushConfig#withoutSecrets()}).
 */
package agentmesh.a2a.relay.entity;
