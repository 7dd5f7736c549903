/**
 * The outbox for admins (the feature: {@code agentmesh.outbox}): {@link agentmesh.outbox.boundary.OutboxResource},
 * {@code GET /admin/outbox} lists events by status, {@code POST /admin/outbox/{id}/retry} puts a dead event back to
 * pending, to be published after the events that overtook it while it was dead.
 */
package agentmesh.outbox.boundary;
