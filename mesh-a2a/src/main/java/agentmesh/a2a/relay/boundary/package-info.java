/**
 * The admin's HTTP view of the outbound relay (the feature and its guarantees: {@code agentmesh.a2a.relay}).
 *
 * <p>Operations: {@link agentmesh.a2a.relay.boundary.RemoteAgentsResource}: {@code PUT}, {@code GET}, {@code DELETE}
 * {@code /admin/agents/{id}/remote}, its dead letters and their replay;
 * {@link agentmesh.a2a.relay.boundary.PushAdminResource}: {@code /admin/agents/{id}/push}, the agent's push
 * notification configs, their dead letters and replay.
 *
 * <p>Invariants: admin only ({@code AdminApi}); secrets (a remote agent's bearer token, a webhook's token and
 * credentials) are never returned; a replay delivers out of turn and answers 202 with the outcome, the cursor as it
 * is.
 */
package agentmesh.a2a.relay.boundary;
