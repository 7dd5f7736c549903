/**
 * Tasks, the logic (the feature and its guarantees: {@code agentmesh.task}).
 *
 * <p>Operations: {@link agentmesh.task.control.TaskReader} reads a task, its messages and artifacts in bounded pages
 * and lists an agent's tasks (an artifact's appended chunks put together by
 * {@link agentmesh.task.control.ArtifactRows}); {@link agentmesh.task.control.TaskLifecycle} changes a status,
 * cancels, adds artifacts and appends to them; {@link agentmesh.task.control.IdleTaskTimer} has
 * {@link agentmesh.task.control.IdleTaskScan} fail idle tasks; {@link agentmesh.task.control.TaskEvents} writes the
 * outbox event that tells the other agent; {@link agentmesh.task.control.TaskMetrics} counts the timeouts.
 *
 * <p>Invariants: every change locks the task's row first ({@code SELECT … FOR UPDATE}, or
 * {@code FOR UPDATE SKIP LOCKED} for the idle scan); its event is written in the same transaction; only the task's
 * two agents may read or change it; a terminal task never changes again. Every write of a task — these classes'
 * ({@link agentmesh.task.control.TaskRow}) and the send's ({@code MessageAppender}) — is a plain statement; the
 * entities only read ({@link agentmesh.task.control.TaskReader}).
 */
package agentmesh.task.control;
