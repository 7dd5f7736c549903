/**
 * The JPA entities of agents and contacts: {@link agentmesh.agent.entity.Agent} (table {@code agent}: id, display
 * name, token hash, card) and {@link agentmesh.agent.entity.Contact} (table {@code contact}), keyed by
 * {@link agentmesh.agent.entity.ContactKey}, the unordered pair stored ordered so that (a, b) and (b, a) are one row.
 *
 * <p>Read models: an agent is registered and described by statements ({@code AgentRegistry}); its token is replaced
 * by a statement that takes the database's clock ({@code AgentTokens}, which also answers the token lookup on the
 * request path); contacts are written by statements ({@code Contacts}: an insert that may find its row, a delete). The schema is Flyway's ({@code sql/}), never generated from these classes.
 */
package agentmesh.agent.entity;
