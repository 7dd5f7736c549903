/**
 * Tasks over HTTP (the feature and its guarantees: {@code agentmesh.task}).
 *
 * <p>Operations: {@link agentmesh.task.boundary.TasksResource}: {@code GET /tasks} (the caller's tasks),
 * {@code GET /tasks/{id}}, its {@code messages} and {@code artifacts} in pages, {@code POST /tasks/{id}/status}
 * ({@link agentmesh.task.boundary.StatusChangeRequest}), {@code POST /tasks/{id}/cancel},
 * {@code POST /tasks/{id}/artifacts} ({@link agentmesh.task.boundary.ArtifactRequest}), through {@code TaskReader} and
 * {@code TaskLifecycle}; {@link agentmesh.task.boundary.IdleScanResource}, {@code POST /admin/tasks/idle-scan}: the
 * idle scan now; {@link agentmesh.task.boundary.AdminTasksResource}: every agent's tasks for the admin (by state, one
 * task, its messages and artifacts in pages).
 *
 * <p>Invariants: only the task's two agents (and the admin) see it, only they change it; a status change or an artifact passes
 * {@code IdentityCheck} as a message does; cancel needs no contact.
 */
package agentmesh.task.boundary;
