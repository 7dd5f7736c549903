/**
 * Agents and their contacts.
 *
 * <p>Purpose: know which agents exist, authenticate them by bearer token, and say who may talk to whom.
 *
 * <p>Operations: {@link agentmesh.agent.control.AgentRegistry#register} (returns the token once) and
 * {@link agentmesh.agent.control.AgentRegistry#rotateToken}, {@link agentmesh.agent.control.AgentRegistry#disable} and
 * {@link agentmesh.agent.control.AgentRegistry#enable}; {@link agentmesh.agent.control.AgentTokens}, the
 * token → agent cache on the request path; {@link agentmesh.agent.control.Contacts#allow},
 * {@link agentmesh.agent.control.Contacts#revoke}, {@link agentmesh.agent.control.Contacts#mayTalk}, and an agent's
 * own listing of its contacts, {@link agentmesh.agent.control.Contacts#of}.
 *
 * <p>Invariants: a token is stored only as its SHA-256; an agent id is registered once; contacts are symmetric and
 * stored once per pair. A rotated token stops working at once on the instance that rotated it and within 2 s on
 * every other ({@link agentmesh.agent.control.TokenRotationChanges}, on the change feed, reads the rotations each second by the database's
 * clock); its open streams and long polls are closed then too. A disabled agent holds no working token at all: a
 * disable travels the same way (it moves the rotation time), and until it is enabled none of its tokens is accepted.
 */
package agentmesh.agent;
