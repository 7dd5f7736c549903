/**
 * Agents and contacts, the logic: who exists, whose token a request carries, who may talk to whom (the feature as a
 * whole: {@code agentmesh.agent}).
 *
 * <p>Operations: {@link agentmesh.agent.control.AgentRegistry} registers agents, rotates their tokens, disables and enables them and keeps their
 * cards ({@link agentmesh.agent.control.AgentDescription}); {@link agentmesh.agent.control.AgentTokens} answers
 * "whose token is this?" on every request, from a short cache or one JDBC query, and tells its listeners of
 * rotations, here at once and from other instances through {@link agentmesh.agent.control.TokenRotationChanges} on the change feed;
 * {@link agentmesh.agent.control.Contacts} allows, revokes and lists contacts; {@link
 * agentmesh.agent.control.AgentDirectory} lists agents for the admin, by id or by their tasks' latest activity; {@link
 * agentmesh.agent.control.ContactGate} is the "may these two talk?" a write asks inside its own transaction, and
 * {@link agentmesh.agent.control.ContactCheck} says where a write's check was made.
 *
 * <p>Invariants: a token is 256 random bits, shown once and stored only as its SHA-256
 * ({@link agentmesh.agent.control.Tokens}); unknown tokens are never cached; a contact is one row per unordered
 * pair; a revocation committed before a write's transaction checks it counts for that write, on every instance.
 */
package agentmesh.agent.control;
