/**
 * Agents and their contacts.
 *
 * <p>Purpose: know which agents exist, authenticate them by bearer token, and say who may talk to whom.
 *
 * <p>Operations: {@link agentmesh.agent.control.AgentRegistry#register} (returns the token once),
 * {@link agentmesh.agent.control.AgentRegistry#agentWithToken}, {@link agentmesh.agent.control.Contacts#allow},
 * {@link agentmesh.agent.control.Contacts#revoke}, {@link agentmesh.agent.control.Contacts#mayTalk}.
 *
 * <p>Invariants: a token is stored only as its SHA-256; an agent id is registered once; contacts are symmetric and
 * stored once per pair.
 *
 * <p>Out of scope so far: token rotation, a remote identity service with fault tolerance (the gateway issue).
 */
package agentmesh.agent;
