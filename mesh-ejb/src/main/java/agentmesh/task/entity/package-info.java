/**
 * The JPA entities of tasks: {@link agentmesh.task.entity.Task} (table {@code task}: the two agents, the state and
 * its reason, {@code last_seq}, {@code updated_at}) and {@link agentmesh.task.entity.TaskMessage} (table
 * {@code task_message}); {@link agentmesh.task.entity.TaskState}, A2A's states and the one table of allowed
 * transitions.
 *
 * <p>Invariants: {@code last_seq} changes only under the task row's lock, so the messages' seq has no gap; nothing
 * leaves a terminal state. They are read models: both rows are written by statements ({@code MessageAppender},
 * {@code TaskLifecycle}, {@code IdleTaskScan}) and read through the entities.
 */
package agentmesh.task.entity;
