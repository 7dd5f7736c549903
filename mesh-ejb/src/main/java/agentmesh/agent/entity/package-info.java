/**
 * The JPA entities of agents and contacts: {@link agentmesh.agent.entity.Agent} (table {@code agent}: id, display
 * name, token hash, card) and {@link agentmesh.agent.entity.Contact} (table {@code contact}), keyed by
 * {@link agentmesh.agent.entity.ContactKey}, the unordered pair stored ordered so that (a, b) and (b, a) are one row.
 *
 * <p>Written through the entities and through native SQL of the same {@code EntityManager}
 * ({@code AgentRegistry}, {@code Contacts}); the token lookup on the request path reads {@code agent} by plain JDBC
 * ({@code AgentTokens}). The schema is Flyway's ({@code sql/}), never generated from these classes.
 */
package agentmesh.agent.entity;
