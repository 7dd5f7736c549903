/**
 * Agents over HTTP (the feature: {@code agentmesh.agent}).
 *
 * <p>Operations: {@link agentmesh.agent.boundary.AgentsResource}, for admins ({@code /admin/agents}): register (the
 * token answered once), list, show, the A2A card's description and skills, rotate the token, allow and revoke
 * contacts; {@link agentmesh.agent.boundary.ContactsResource}, {@code GET /agents}: the caller's contacts with their
 * card URLs; {@link agentmesh.agent.boundary.MeResource}, {@code GET /me}: whose token this is, touching no table.
 *
 * <p>Invariants: admin routes take the admin token only ({@code AdminApi}); an agent lists only its own contacts.
 */
package agentmesh.agent.boundary;
